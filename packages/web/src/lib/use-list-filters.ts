import * as React from 'react';
import { usePaging } from './use-paging';
import { useDebouncedValue } from './use-debounced-value';

/**
 * What every searchable list keeps: the typed keyword (`kw`: trimmed and debounced, undefined when empty), the
 * branches chosen (a backoffice list's `profile_id`) and the paging; a new keyword or branch choice shows page 1.
 */
export function useListFilters() {
  const [keyword, setKeyword] = React.useState('');
  const [profiles, setProfiles] = React.useState<number[]>([]);
  const paging = usePaging();
  const kw = useDebouncedValue(keyword.trim());
  return {
    paging,
    keyword,
    onKeyword: paging.resetting(setKeyword),
    kw: kw || undefined,
    profiles,
    setProfiles: paging.resetting(setProfiles),
  };
}
