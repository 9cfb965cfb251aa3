import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { formatDate, formatRupiah, type SeasonDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePaging } from '../../../lib/use-paging';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { SearchInput } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SeasonDialog } from '../components/SeasonDialog';

/** /season 'Musim Promo': dated promotional periods of some branches with a revenue target. */
export default function SeasonPage() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const { page, size, pagination, resetting } = usePaging();
  const [keyword, setKeyword] = React.useState('');
  const [editing, setEditing] = React.useState<SeasonDto | 'new' | null>(null);
  const kw = useDebouncedValue(keyword.trim());
  const query = useQuery({
    ...trpc.season.list.queryOptions({ page, limit: size, keyword: kw || undefined }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const columns: Column<SeasonDto>[] = [
    { key: 'name', header: 'Nama', cell: (r) => r.name, primary: true },
    { key: 'start_at', header: 'Mulai', cell: (r) => formatDate(r.start_at), kind: 'date' },
    { key: 'end_at', header: 'Selesai', cell: (r) => formatDate(r.end_at), kind: 'date', priority: 2 },
    { key: 'branches', header: 'Cabang', cell: (r) => r.branches.map((b) => b.name).join(', '), priority: 3 },
    { key: 'target', header: 'Target', cell: (r) => formatRupiah(r.revenue_target), kind: 'number', priority: 2 },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => <Badge variant={r.status === 1 ? 'default' : 'secondary'}>{r.statusname}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (r) =>
        r.status === 2 ? null : (
          <Button size="sm" variant="outline" onClick={() => setEditing(r)}>
            Ubah
          </Button>
        ),
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Musim Promo"
        description="Periode promosi bertanggal per cabang dengan target pendapatan; jenis paket promosi dapat dikaitkan ke musim."
        actions={
          <Button onClick={() => setEditing('new')} data-testid="season-add">
            <Plus /> Tambah
          </Button>
        }
      />
      <SearchInput
        wrapperClassName="sm:max-w-sm"
        value={keyword}
        onChange={(e) => resetting(setKeyword)(e.target.value)}
        placeholder="Cari nama..."
        aria-label="Cari musim promo"
      />
      <PagedQueryTable query={query} pagination={pagination} columns={columns} />
      <SeasonDialog
        open={editing !== null}
        season={editing === 'new' ? null : editing}
        today={today}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
