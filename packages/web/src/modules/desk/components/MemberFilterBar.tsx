import * as React from 'react';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { useListFilters } from '../../../lib/use-list-filters';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

/**
 * The filter bar of the member lists ('Member' of a branch and of the backoffice): name, NO RM., phone or
 * registration code and 'all' members or those with an active package ('1'); `branchFilter` goes before the latter
 * where the list spans branches.
 */
export function MemberFilterBar({
  keyword,
  onKeyword,
  active,
  onActive,
  branchFilter,
}: {
  keyword: string;
  onKeyword: (keyword: string) => void;
  active: string;
  onActive: (active: string) => void;
  branchFilter?: React.ReactNode;
}) {
  return (
    <ListFilterBar
      keyword={keyword}
      onKeyword={onKeyword}
      placeholder="Cari nama, NO RM., telepon atau kode registrasi..."
      label="Cari member"
      testId="member-search"
    >
      {branchFilter}
      <Select value={active} onValueChange={onActive}>
        <SelectTrigger className="sm:w-52" aria-label="Status paket">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">Semua member</SelectItem>
          <SelectItem value="1">Dengan paket aktif</SelectItem>
        </SelectContent>
      </Select>
    </ListFilterBar>
  );
}

/**
 * The filter state of the member lists ('Member' of a branch and of the backoffice): the typed keyword (debounced),
 * 'all' or active ('1') members, the branches chosen, and the paging; a new filter value shows page 1 again. `bar`
 * goes to MemberFilterBar, `filters` to the list query.
 */
export function useMemberListFilters() {
  const list = useListFilters();
  const [active, setActive] = React.useState('all');
  return {
    ...list,
    bar: { keyword: list.keyword, onKeyword: list.onKeyword, active, onActive: list.paging.resetting(setActive) },
    filters: { keyword: list.kw, active: active === '1' ? (1 as const) : undefined },
  };
}
