import * as React from 'react';
import { Search } from 'lucide-react';
import { cn } from '../lib/utils';
import { Input } from './ui/input';

/** A list's keyword box: the input with a search icon inside on the left. `wrapperClassName` sizes the box in its row. */
export function SearchInput({
  wrapperClassName,
  className,
  ...props
}: React.ComponentProps<typeof Input> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input className={cn('pl-9', className)} {...props} />
    </div>
  );
}
