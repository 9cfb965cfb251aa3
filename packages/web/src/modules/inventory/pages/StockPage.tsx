import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StockRowDto, StockValueDto } from '@klinik/shared';
import { api } from '../../../lib/trpc';
import { formatDate, formatNumber, formatRupiah } from '../../../lib/format';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Card, CardContent } from '../../../components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { ExpiryBadge, WarehouseFilter } from '../components/common';
import { SearchInput } from '../../../components/ListFilters';
import { usePaging } from '../../../lib/use-paging';

const ALL = 'all';

/** /inventory/warehouse: stock per warehouse, item and batch with search, expiry warnings and the stock value. */
export default function StockPage() {
  const [warehouse, setWarehouse] = React.useState(ALL);
  const [expiry, setExpiry] = React.useState(ALL);
  const [keyword, setKeyword] = React.useState('');
  const { page, size: limit, pagination, resetting } = usePaging();
  const query = {
    warehouse: warehouse === ALL ? '' : warehouse,
    expiry: expiry === ALL ? '' : expiry,
    keyword: keyword.trim(),
  };
  const list = useQuery({
    queryKey: ['inventory', 'stock', query, page, limit],
    queryFn: ({ signal }) =>
      api.get<{ data: StockRowDto[]; count: number }>('/api/inventory/stock', {
        query: { ...query, page, limit },
        signal,
      }),
    meta: { inlineErrors: true },
  });
  const value = useQuery({
    queryKey: ['inventory', 'value'],
    queryFn: ({ signal }) => api.get<{ data: StockValueDto }>('/api/inventory/value', { signal }),
    select: (r) => r.data,
  });

  const columns: Column<StockRowDto>[] = [
    {
      key: 'name',
      header: 'Item',
      cell: (r) => (
        <div className="min-w-0">
          <div className="font-medium">{r.name}</div>
          <div className="font-mono text-xs text-muted-foreground">{r.code}</div>
        </div>
      ),
    },
    { key: 'warehouse', header: 'Gudang', priority: 3, cell: (r) => r.warehouse_name },
    { key: 'batch', header: 'Batch', priority: 2, cell: (r) => r.batch ?? '-' },
    {
      key: 'expired_at',
      header: 'Kedaluwarsa',
      kind: 'date',
      cell: (r) => <ExpiryBadge date={r.expired_at} days={r.expires_in} />,
    },
    { key: 'quantity', header: 'Jumlah', kind: 'number', cell: (r) => `${formatNumber(r.quantity)} ${r.unit}` },
    { key: 'value', header: 'Nilai', kind: 'number', priority: 2, cell: (r) => formatRupiah(r.value) },
  ];

  const exportAll = async () => {
    const res = await api.get<{ data: StockRowDto[] }>('/api/inventory/stock', { query: { ...query, limit: 500 } });
    await exportToExcel(
      'stok-gudang',
      [
        { header: 'Kode', value: (r: StockRowDto) => r.code },
        { header: 'Item', value: (r: StockRowDto) => r.name, width: 30 },
        { header: 'Gudang', value: (r: StockRowDto) => r.warehouse_name },
        { header: 'Batch', value: (r: StockRowDto) => r.batch ?? '' },
        { header: 'Kedaluwarsa', value: (r: StockRowDto) => (r.expired_at ? formatDate(r.expired_at) : '') },
        { header: 'Jumlah', value: (r: StockRowDto) => r.quantity },
        { header: 'Satuan', value: (r: StockRowDto) => r.unit },
        { header: 'Nilai', value: (r: StockRowDto) => r.value, numFmt: '#,##0.00' },
      ],
      res.data,
      'Stok Gudang',
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Stok Gudang"
        description="Stok per gudang dan batch, dengan peringatan kedaluwarsa dan nilai persediaan (rata-rata tertimbang)."
        actions={<ExportExcelButton onExport={exportAll} disabled={!list.data?.count} />}
      />
      {value.data ? (
        <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
          {value.data.warehouses.map((w) => (
            <Card key={w.warehouse}>
              <CardContent className="p-3">
                <div className="truncate text-xs text-muted-foreground">{w.name}</div>
                <div className="text-base font-semibold tabular-nums">{formatRupiah(w.value)}</div>
              </CardContent>
            </Card>
          ))}
          <Card>
            <CardContent className="p-3" data-testid="stock-value-total">
              <div className="text-xs text-muted-foreground">Total nilai persediaan</div>
              <div className="text-base font-semibold tabular-nums">{formatRupiah(value.data.total)}</div>
              <div className="text-xs text-muted-foreground">
                Akun 1140: {formatRupiah(value.data.ledger)}
                {value.data.difference !== 0 ? ` (selisih ${formatRupiah(value.data.difference)})` : ' (sesuai)'}
              </div>
            </CardContent>
          </Card>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <SearchInput
          wrapperClassName="w-full max-w-xs"
          placeholder="Cari kode, nama atau batch"
          aria-label="Cari"
          value={keyword}
          onChange={(e) => resetting(setKeyword)(e.target.value)}
        />
        <WarehouseFilter value={warehouse} onChange={resetting(setWarehouse)} />
        <Select value={expiry} onValueChange={resetting(setExpiry)}>
          <SelectTrigger className="w-52" aria-label="Kedaluwarsa">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Semua tanggal kedaluwarsa</SelectItem>
            <SelectItem value="expired">Sudah kedaluwarsa</SelectItem>
            <SelectItem value="30">Dalam 30 hari</SelectItem>
            <SelectItem value="60">Dalam 60 hari</SelectItem>
            <SelectItem value="90">Dalam 90 hari</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <PagedQueryTable
        query={list}
        pagination={pagination}
        columns={columns}
        rowKey={(r) => `${r.warehouse}-${r.item}-${r.batch_id ?? 0}`}
      />
    </div>
  );
}
