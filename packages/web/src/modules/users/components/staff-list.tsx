import * as React from 'react';
import type { UserDto } from '@klinik/shared';
import { roleLabel, topLevelLabel } from '../../../components/ProfileCard';
import { Badge } from '../../../components/ui/badge';
import { statusLabel } from '../../../lib/status';
import { usePaging } from '../../../lib/use-paging';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

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
  const [keyword, setKeyword] = React.useState('');
  const [role, setRole] = React.useState('any');
  const [status, setStatus] = React.useState('any');
  const [profiles, setProfiles] = React.useState<number[]>([]);
  const paging = usePaging();
  const kw = useDebouncedValue(keyword.trim());
  const { resetting } = paging;
  return {
    paging,
    bar: {
      keyword,
      onKeyword: resetting(setKeyword),
      role,
      onRole: resetting(setRole),
      status,
      onStatus: resetting(setStatus),
    },
    profiles,
    setProfiles: resetting(setProfiles),
    filters: {
      keyword: kw || undefined,
      role: role === 'any' ? undefined : Number(role),
      status: status === 'any' ? undefined : Number(status),
    },
  };
}
