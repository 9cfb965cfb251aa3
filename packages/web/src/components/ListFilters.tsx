import { cn } from '../lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

// In a module of its own, without the select (Radix), for pages that only need the keyword box (home, issue 10).
export { SearchInput } from './SearchInput';

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
