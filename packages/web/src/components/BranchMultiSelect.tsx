import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useTRPC } from '../lib/trpc';
import { Button } from './ui/button';
import { Checkbox } from './ui/checkbox';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';

/** The branches a top-level user may compare (every branch, inactive ones marked). */
export function useAllBranches() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.branches.list.queryOptions({ isallbranch: 1 }), meta: { silent: true } });
}

/** `profile_id=1,2` of a Backoffice request: undefined for every branch. */
export function branchIdsParam(ids: number[]): string | undefined {
  return ids.length ? ids.join(',') : undefined;
}

/**
 * Branch filter of the Backoffice pages: one, several or all branches (an empty choice means every branch).
 * A button showing the choice opens a list of checkboxes.
 */
export function BranchMultiSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const branches = useAllBranches();
  const list = branches.data ?? [];
  const names = list.filter((b) => value.includes(b.id)).map((b) => b.name);
  const label = value.length === 0 ? 'Semua Cabang' : names.length <= 2 ? names.join(', ') : `${names.length} cabang`;
  const toggle = (branch: number, on: boolean) =>
    onChange(on ? [...value, branch].sort((a, b) => a - b) : value.filter((x) => x !== branch));
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          className="w-full min-w-0 justify-between overflow-hidden font-normal"
          aria-label={`Cabang: ${label}`}
        >
          <span className="min-w-0 truncate">{label}</span>
          <ChevronDown className="opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="grid max-h-80 gap-2 overflow-y-auto p-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <Checkbox checked={value.length === 0} onCheckedChange={(on) => on === true && onChange([])} />
          Semua Cabang
        </label>
        {list.map((b) => (
          <label key={b.id} className="flex items-center gap-2 text-sm">
            <Checkbox checked={value.includes(b.id)} onCheckedChange={(on) => toggle(b.id, on === true)} />
            <span className="truncate">{b.name}</span>
            {b.status === 0 ? <span className="text-xs text-amber-600">(nonaktif)</span> : null}
          </label>
        ))}
      </PopoverContent>
    </Popover>
  );
}
