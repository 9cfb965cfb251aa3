import * as React from 'react';
import { Search } from 'lucide-react';
import { cn } from '../lib/utils';
import { Input } from './ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

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

/** The 'Status' filter of account lists: 'any' (Semua status), '1' (Aktif) or '0' (Tidak Aktif). */
export function ActiveStatusSelect({
  value,
  onValueChange,
  triggerClassName,
}: {
  value: string;
  onValueChange: (v: string) => void;
  triggerClassName?: string;
}) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger className={cn('w-full', triggerClassName)} aria-label="Status">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="any">Semua status</SelectItem>
        <SelectItem value="1">Aktif</SelectItem>
        <SelectItem value="0">Tidak Aktif</SelectItem>
      </SelectContent>
    </Select>
  );
}
