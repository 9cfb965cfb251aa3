import type * as React from 'react';
import { SearchInput } from './SearchInput';

/**
 * The filter bar above a list: a search box that takes the row and the list's other filters beside it (selects),
 * stacked on a phone. `onKeyword` gets the typed text; pages reset their paging there.
 */
export function ListFilterBar({
  keyword,
  onKeyword,
  placeholder,
  label,
  testId,
  children,
}: {
  keyword: string;
  onKeyword: (keyword: string) => void;
  placeholder: string;
  label: string;
  testId?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <SearchInput
        wrapperClassName="flex-1"
        type="search"
        value={keyword}
        onChange={(e) => onKeyword(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        data-testid={testId}
      />
      {children}
    </div>
  );
}
