import * as React from 'react';
import type { UserDto } from '@klinik/shared';
import { roleLabel, topLevelLabel } from '../../../components/ProfileCard';
import { Badge } from '../../../components/ui/badge';
import { statusLabel } from '../../../lib/status';
import { useListFilters } from '../../../lib/use-list-filters';

/** The role as the staff lists show it: the top-level title before the branch role ('Owner · Manager'). */
export const fullRole = (u: UserDto) => (u.roletoplevel > 0 ? `${topLevelLabel(u)} · ${roleLabel(u)}` : roleLabel(u));

/** 'Aktif' (green) or 'Tidak Aktif' (amber). */
export function StaffStatusBadge({ status }: { status: number }) {
  return <Badge variant={status === 1 ? 'success' : 'warning'}>{statusLabel(status)}</Badge>;
}

/**
 * The filters of a staff account list ('Pengguna', the backoffice 'Akun Pengguna'): the typed keyword (debounced),
 * role and status ('any' or a value), the branches chosen, and the paging; a new filter value shows page 1 again.
 * `bar` goes to StaffFilterBar, `filters` to the list query.
 */
export function useStaffListFilters() {
  const list = useListFilters();
  const [role, setRole] = React.useState('any');
  const [status, setStatus] = React.useState('any');
  const { resetting } = list.paging;
  return {
    ...list,
    bar: {
      keyword: list.keyword,
      onKeyword: list.onKeyword,
      role,
      onRole: resetting(setRole),
      status,
      onStatus: resetting(setStatus),
    },
    filters: {
      keyword: list.kw,
      role: role === 'any' ? undefined : Number(role),
      status: status === 'any' ? undefined : Number(status),
    },
  };
}
