import { SearchInput } from '../../../components/ListFilters';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import type { ApplogFilters } from './ApplogList';

export type ApplogScope = 'drawer' | 'waiting' | 'mine' | 'all';

export const SCOPE_LABELS: Record<ApplogScope, string> = {
  drawer: 'Semua Saya',
  waiting: 'Perlu Keputusan',
  mine: 'Aktivitas Saya',
  all: 'Semua',
};

export interface ApplogFilterState {
  scope: ApplogScope;
  keyword: string;
  status: string;
}

export function toApplogFilters(s: ApplogFilterState): ApplogFilters {
  return {
    scope: s.scope === 'all' ? undefined : s.scope,
    keyword: s.keyword.trim() || undefined,
    status: s.status === 'any' ? undefined : (Number(s.status) as 0 | 1 | -1),
  };
}

export function ApplogFilterBar({
  value,
  onChange,
  scopes,
}: {
  value: ApplogFilterState;
  onChange: (v: ApplogFilterState) => void;
  scopes: ApplogScope[];
}) {
  return (
    <div className="grid gap-2">
      <Tabs value={value.scope} onValueChange={(s) => onChange({ ...value, scope: s as ApplogScope })}>
        <TabsList className="w-full sm:w-auto">
          {scopes.map((s) => (
            <TabsTrigger key={s} value={s}>
              {SCOPE_LABELS[s]}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchInput
          wrapperClassName="flex-1"
          value={value.keyword}
          onChange={(e) => onChange({ ...value, keyword: e.target.value })}
          placeholder="Cari aktivitas..."
          aria-label="Cari aktivitas"
        />
        <Select value={value.status} onValueChange={(s) => onChange({ ...value, status: s })}>
          <SelectTrigger className="w-full sm:w-48" aria-label="Status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="any">Semua status</SelectItem>
            <SelectItem value="0">Menunggu</SelectItem>
            <SelectItem value="1">Disetujui</SelectItem>
            <SelectItem value="-1">Ditolak</SelectItem>
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
