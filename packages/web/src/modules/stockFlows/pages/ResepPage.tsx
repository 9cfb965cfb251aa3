import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime, type ResepDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { OptionSelect } from '../../../components/OptionSelect';
import { SearchInput } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { DispenseDialog } from '../components/DispenseDialog';

const STATUS: [string, string][] = [
  ['antri', 'Menunggu diserahkan'],
  ['diserahkan', 'Diserahkan'],
  ['batal', 'Batal'],
  ['semua', 'Semua'],
];

/** /inventory/sales/resep 'Penjualan Resep': prescriptions from medical records waiting for the pharmacy. */
export default function ResepPage() {
  const trpc = useTRPC();
  const [status, setStatus] = React.useState('antri');
  const [keyword, setKeyword] = React.useState('');
  const kw = useDebouncedValue(keyword, 300);
  const { page, size: limit, setPage, pagination } = usePaging();
  const [opened, setOpened] = React.useState<number | null>(null);
  const list = useQuery({
    ...trpc.stockFlows.resepList.queryOptions({
      page,
      limit,
      keyword: kw || undefined,
      status: status,
    }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<ResepDto>[] = [
    { key: 'created_at', header: 'Ditulis', kind: 'date', cell: (r) => formatDateTime(r.created_at) },
    { key: 'code', header: 'Nomor', priority: 2, cell: (r) => <span className="font-mono text-xs">{r.code}</span> },
    { key: 'customer_name', header: 'Pasien', primary: true },
    { key: 'doctor_name', header: 'Dokter', priority: 3 },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <Badge
          variant={
            r.pharmacy_status === 'diserahkan' ? 'success' : r.pharmacy_status === 'batal' ? 'secondary' : 'warning'
          }
        >
          {r.status_label}
        </Badge>
      ),
    },
    {
      key: 'action',
      header: '',
      kind: 'action',
      cell: (r) => (
        <Button
          size="sm"
          variant={['menunggu', 'sebagian'].includes(r.pharmacy_status) ? 'default' : 'outline'}
          onClick={() => setOpened(r.id)}
        >
          {['menunggu', 'sebagian'].includes(r.pharmacy_status) ? 'Serahkan' : 'Lihat'}
        </Button>
      ),
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-2">
      <PageHeader
        title="Penjualan Resep"
        description="Resep dari rekam medis; obat diserahkan dari apotek, batch yang paling dulu kedaluwarsa lebih dulu."
      />
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          wrapperClassName="w-full sm:w-64"
          placeholder="Cari pasien atau nomor resep"
          value={keyword}
          onChange={(e) => (setKeyword(e.target.value), setPage(1))}
        />
        <div className="w-56">
          <OptionSelect
            id="resep-status"
            value={status}
            onValueChange={(v) => (setStatus(v), setPage(1))}
            options={STATUS}
          />
        </div>
      </div>
      <DataTable
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        emptyText="Tidak ada resep"
        pagination={pagination(list.data?.count)}
      />
      {list.isError ? <p className="text-sm text-destructive">Daftar resep gagal dimuat.</p> : null}
      <DispenseDialog id={opened} onOpenChange={(o) => !o && setOpened(null)} />
    </div>
  );
}
