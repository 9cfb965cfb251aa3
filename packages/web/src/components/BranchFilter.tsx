import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useTRPC } from '../lib/trpc';
import type { Column } from './DataTable';
import { Button } from './ui/button';
import { Checkbox } from './ui/checkbox';
import { Label } from './ui/label';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';

/** Every branch (the branch switcher's list): the Backoffice filter's choices and the names of its 'Cabang' column. */
export function useBranches() {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.branches.list.queryOptions({ isallbranch: 1 }), staleTime: 5 * 60_000 });
  const list = React.useMemo(() => q.data ?? [], [q.data]);
  const names = React.useMemo(() => new Map(list.map((b) => [b.id, b.name])), [list]);
  return { list, name: (id: number): string => names.get(id) ?? `#${id}` };
}

/** The active branches, a form's branch choices (a price, a season, a new employee), read while `enabled`. */
export function useActiveBranches(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.branches.list.queryOptions({ isallbranch: 1, status: 1 }),
    enabled,
    meta: { silent: true },
  });
}

/**
 * The branch filter of the Backoffice lists (issue 30): one, several or every branch ('Semua cabang', the empty
 * choice). `value` is the branches chosen; the list sends them as `profile_id`.
 */
export function BranchFilter({
  id,
  value,
  onChange,
  inline = false,
}: {
  id: string;
  value: number[];
  onChange: (branches: number[]) => void;
  /** In a filter bar: no label above, the button says what it filters. */
  inline?: boolean;
}) {
  const { list, name } = useBranches();
  const label =
    value.length === 0 ? 'Semua cabang' : value.length === 1 ? name(value[0]) : `${value.length} cabang dipilih`;
  const toggle = (branch: number, on: boolean) =>
    onChange(on ? [...value, branch].sort((a, b) => a - b) : value.filter((b) => b !== branch));
  const picker = (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          className={inline ? 'justify-between font-normal sm:w-52' : 'justify-between font-normal'}
          aria-label={inline ? `Cabang: ${label}` : undefined}
          data-testid="branch-filter"
        >
          <span className="truncate">{label}</span>
          <ChevronDown className="opacity-50" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="grid max-h-80 gap-2 overflow-y-auto p-3">
        <label className="flex items-center gap-2 text-sm">
          <Checkbox checked={value.length === 0} onCheckedChange={() => onChange([])} />
          Semua cabang
        </label>
        {list.map((b) => (
          <label key={b.id} className="flex items-center gap-2 text-sm">
            <Checkbox checked={value.includes(b.id)} onCheckedChange={(v) => toggle(b.id, v === true)} />
            <span className="truncate">{b.name}</span>
            {b.status === 0 ? <span className="text-xs text-muted-foreground">(nonaktif)</span> : null}
          </label>
        ))}
      </PopoverContent>
    </Popover>
  );
  if (inline) return picker;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>Cabang</Label>
      {picker}
    </div>
  );
}

/** The 'Cabang' column of a Backoffice list. */
export function branchColumn<T>(branchOf: (row: T) => number, name: (id: number) => string): Column<T> {
  return { key: 'branch', header: 'Cabang', cell: (row) => name(branchOf(row)), priority: 2 };
}
