import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ItemStockDto, StockCardDto } from '@klinik/shared';
import { api, errorItems } from '../../../lib/trpc';
import { formatDate, formatNumber, formatRupiah } from '../../../lib/format';
import { DataTable, type Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { WarehouseFilter } from '../components/common';
import { SearchInput } from '../../../components/ListFilters';
import { usePaging } from '../../../lib/use-paging';

const ALL = 'all';

/** /inventory/item: items with their on-hand across warehouses; the stock card (kartu stok) of one, with Excel. */
export default function ItemStockPage() {
  const [keyword, setKeyword] = React.useState('');
  const { page, size: limit, pagination, resetting } = usePaging();
  const [card, setCard] = React.useState<ItemStockDto | null>(null);
  const list = useQuery({
    queryKey: ['inventory', 'items', keyword, page, limit],
    queryFn: ({ signal }) =>
      api.get<{ data: ItemStockDto[]; count: number }>('/api/inventory/item', {
        query: { keyword: keyword.trim(), page, limit },
        signal,
      }),
    meta: { inlineErrors: true },
  });
  const columns: Column<ItemStockDto>[] = [
    {
      key: 'name',
      header: 'Item',
      cell: (r) => (
        <div className="min-w-0">
          <div className="font-medium">{r.name}</div>
          <div className="font-mono text-xs text-muted-foreground">
            {r.code}
            {r.category ? ` · ${r.category}` : ''}
          </div>
        </div>
      ),
    },
    {
      key: 'per_warehouse',
      header: 'Per Gudang',
      priority: 3,
      cell: (r) =>
        r.per_warehouse.length ? r.per_warehouse.map((w) => `${w.name}: ${formatNumber(w.quantity)}`).join(' · ') : '-',
    },
    {
      key: 'quantity',
      header: 'Stok',
      kind: 'number',
      cell: (r) => (
        <span className="inline-flex items-center gap-1">
          {r.min_stock > 0 && r.quantity < r.min_stock ? <Badge variant="warning">Menipis</Badge> : null}
          {formatNumber(r.quantity)} {r.unit}
        </span>
      ),
    },
    {
      key: 'average_cost',
      header: 'HPP Rata-rata',
      kind: 'number',
      priority: 2,
      cell: (r) => formatRupiah(r.average_cost),
    },
    { key: 'value', header: 'Nilai', kind: 'number', priority: 2, cell: (r) => formatRupiah(r.value) },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (r) => (
        <Button size="sm" variant="outline" onClick={() => setCard(r)}>
          Kartu Stok
        </Button>
      ),
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Item" description="Stok setiap item di semua gudang cabang ini, dan kartu stoknya." />
      <SearchInput
        wrapperClassName="w-full max-w-sm"
        placeholder="Cari kode atau nama item"
        aria-label="Cari"
        value={keyword}
        onChange={(e) => resetting(setKeyword)(e.target.value)}
      />
      <PagedQueryTable query={list} pagination={pagination} columns={columns} />
      <Dialog open={card !== null} onOpenChange={(o) => (o ? undefined : setCard(null))}>
        <DialogContent className="max-w-4xl">
          <DialogHeader>
            <DialogTitle>Kartu Stok {card ? `${card.code} · ${card.name}` : ''}</DialogTitle>
          </DialogHeader>
          {card ? <StockCard item={card} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function StockCard({ item }: { item: ItemStockDto }) {
  const [warehouse, setWarehouse] = React.useState(ALL);
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const query = { warehouse: warehouse === ALL ? '' : warehouse, from, to };
  const card = useQuery({
    queryKey: ['inventory', 'card', item.id, query],
    queryFn: ({ signal }) => api.get<{ data: StockCardDto }>(`/api/inventory/item/${item.id}/card`, { query, signal }),
    select: (r) => r.data,
    meta: { inlineErrors: true },
  });
  type Line = StockCardDto['lines'][number];
  const columns: Column<Line>[] = [
    { key: 'moved_at', header: 'Tanggal', kind: 'date', cell: (r) => formatDate(r.moved_at) },
    { key: 'warehouse', header: 'Gudang', priority: 3, cell: (r) => r.warehouse_name },
    { key: 'kind', header: 'Jenis', cell: (r) => r.kind_label },
    { key: 'batch', header: 'Batch', priority: 2, cell: (r) => r.batch ?? '-' },
    { key: 'in', header: 'Masuk', kind: 'number', cell: (r) => (r.in ? formatNumber(r.in) : '') },
    { key: 'out', header: 'Keluar', kind: 'number', cell: (r) => (r.out ? formatNumber(r.out) : '') },
    { key: 'balance', header: 'Saldo', kind: 'number', cell: (r) => formatNumber(r.balance) },
  ];
  const exportUrl = `/api/inventory/item/${item.id}/card/export?${new URLSearchParams(
    Object.entries(query).filter(([, v]) => v !== ''),
  ).toString()}`;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <WarehouseFilter value={warehouse} onChange={setWarehouse} />
        <DateInput value={from} onChange={setFrom} aria-describedby="card-from" className="w-40" />
        <span id="card-from" className="text-sm text-muted-foreground">
          s/d
        </span>
        <DateInput value={to} onChange={setTo} className="w-40" />
        <Button variant="outline" asChild>
          <a href={exportUrl}>Excel</a>
        </Button>
      </div>
      {card.error ? <ErrorList items={errorItems(card.error)} /> : null}
      {card.data ? (
        <p className="text-sm">
          Saldo awal: <b className="tabular-nums">{formatNumber(card.data.opening)}</b> · Saldo akhir:{' '}
          <b className="tabular-nums">{formatNumber(card.data.closing)}</b> {item.unit}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={card.data?.lines}
        rowKey={(r) => r.id}
        loading={card.isPending}
        paginate={false}
        maxHeightClass="max-h-[50vh]"
      />
    </div>
  );
}
