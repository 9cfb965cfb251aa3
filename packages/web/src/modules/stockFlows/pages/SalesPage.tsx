import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { formatDate, formatRupiah, type SalesRowDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { OptionSelect } from '../../../components/OptionSelect';
import { SearchInput } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const KINDS: [string, string][] = [
  ['all', 'Penjualan dan resep'],
  ['sale', 'Penjualan'],
  ['dispense', 'Resep'],
];

/** /inventory/sales 'Penjualan Item': every item that left by sale or dispensing, with filters and Excel. */
export default function SalesPage() {
  const trpc = useTRPC();
  const [kind, setKind] = React.useState('all');
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const [keyword, setKeyword] = React.useState('');
  const kw = useDebouncedValue(keyword, 300);
  const { page, size: limit, setPage, pagination } = usePaging();
  const filters = {
    keyword: kw || undefined,
    kind: kind === 'all' ? undefined : (kind as 'sale' | 'dispense'),
    from: from || undefined,
    to: to || undefined,
  };
  const list = useQuery({
    ...trpc.stockFlows.sales.queryOptions({ ...filters, page, limit }),
    placeholderData: keepPreviousData,
  });
  const exportHref = `/api/inventory/sales/export?${new URLSearchParams(
    Object.entries(filters).filter(([, v]) => v) as [string, string][],
  ).toString()}`;
  const columns: Column<SalesRowDto>[] = [
    { key: 'moved_at', header: 'Tanggal', kind: 'date', cell: (r) => formatDate(r.moved_at) },
    { key: 'kind', header: 'Jenis', priority: 3, cell: (r) => r.kind_label },
    {
      key: 'document',
      header: 'Dokumen',
      priority: 2,
      cell: (r) => (
        <div>
          <span className="font-mono text-xs">{r.document ?? `#${r.source_id}`}</span>
          {r.customer_name ? <div className="text-xs text-muted-foreground">{r.customer_name}</div> : null}
        </div>
      ),
    },
    {
      key: 'name',
      header: 'Item',
      cell: (r) => (
        <div>
          {r.name}
          {r.batch ? <div className="text-xs text-muted-foreground">batch {r.batch}</div> : null}
        </div>
      ),
    },
    { key: 'qty', header: 'Jumlah', kind: 'number', cell: (r) => `${r.qty} ${r.unit}` },
    {
      key: 'price',
      header: 'Harga Jual',
      kind: 'number',
      priority: 3,
      cell: (r) => (r.price === null ? '-' : formatRupiah(r.price)),
    },
    { key: 'cost', header: 'HPP', kind: 'number', priority: 2, cell: (r) => formatRupiah(r.cost) },
  ];
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-2">
      <PageHeader
        title="Penjualan Item"
        description="Semua item yang keluar karena penjualan atau resep."
        actions={
          <Button asChild variant="outline">
            <a href={exportHref} download>
              <FileSpreadsheet className="size-4" /> Export Excel
            </a>
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          wrapperClassName="w-full sm:w-56"
          placeholder="Cari item atau dokumen"
          value={keyword}
          onChange={(e) => (setKeyword(e.target.value), setPage(1))}
        />
        <div className="w-48">
          <OptionSelect id="sales-kind" value={kind} onValueChange={(v) => (setKind(v), setPage(1))} options={KINDS} />
        </div>
        <DateInput id="sales-from" value={from} onChange={(v) => (setFrom(v), setPage(1))} className="w-40" />
        <span className="text-sm text-muted-foreground">s.d.</span>
        <DateInput id="sales-to" value={to} onChange={(v) => (setTo(v), setPage(1))} className="w-40" />
      </div>
      <DataTable
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        emptyText="Belum ada item keluar"
        pagination={pagination(list.data?.count)}
      />
      {list.isError ? <p className="text-sm text-destructive">Daftar gagal dimuat.</p> : null}
    </div>
  );
}
