import type * as React from 'react';
import { ROLE_IDS, ROLE_LABELS, STAFF_ROLE_NAMES } from '@klinik/shared';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { ActiveStatusSelect } from '../../../components/ListFilters';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

/**
 * The filter bar of the staff account lists ('Pengguna' of a branch, 'Akun Pengguna' of the backoffice): name or
 * username, role ('any' or a role id), status; `branchFilter` goes before the role where the list spans branches.
 */
export function StaffFilterBar({
  keyword,
  onKeyword,
  role,
  onRole,
  status,
  onStatus,
  branchFilter,
}: {
  keyword: string;
  onKeyword: (keyword: string) => void;
  role: string;
  onRole: (role: string) => void;
  status: string;
  onStatus: (status: string) => void;
  branchFilter?: React.ReactNode;
}) {
  return (
    <ListFilterBar
      keyword={keyword}
      onKeyword={onKeyword}
      placeholder="Cari nama atau username..."
      label="Cari pengguna"
    >
      {branchFilter}
      <Select value={role} onValueChange={onRole}>
        <SelectTrigger className="w-full sm:w-44" aria-label="Role">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="any">Semua role</SelectItem>
          {STAFF_ROLE_NAMES.map((r) => (
            <SelectItem key={r} value={String(ROLE_IDS[r])}>
              {ROLE_LABELS[r]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <ActiveStatusSelect value={status} onValueChange={onStatus} triggerClassName="sm:w-40" />
    </ListFilterBar>
  );
}
