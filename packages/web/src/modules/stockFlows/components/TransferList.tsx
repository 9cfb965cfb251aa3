import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDate, formatRupiah, TRANSFER_STATUS_LABELS, type TransferDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { OptionSelect } from '../../../components/OptionSelect';
import { SearchInput } from '../../../components/ListFilters';
import { ExportExcelButton } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { usePaging } from '../../../lib/use-paging';
import { Badge } from '../../../components/ui/badge';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const STATUS_OPTIONS: [string, string][] = [
  ['all', 'Semua status'],
  ...Object.entries(TRANSFER_STATUS_LABELS).map(([k, v]) => [k, v] as [string, string]),
];
const DIRECTION_OPTIONS: [string, string][] = [
  ['all', 'Masuk dan keluar'],
  ['in', 'Masuk ke cabang ini'],
  ['out', 'Keluar dari cabang ini'],
];

export function statusBadge(t: TransferDto) {
  const variant = t.status === 1 ? 'warning' : t.status === 3 ? 'destructive' : 'success';
  return <Badge variant={variant}>{t.status_label}</Badge>;
}

/** Transfers from or to this branch (allBranches: every branch, for top-level users). */
export function TransferList({
  allBranches = false,
  onOpen,
}: {
  allBranches?: boolean;
  onOpen: (t: TransferDto) => void;
}) {
  const trpc = useTRPC();
  const { page, size: limit, setPage, pagination } = usePaging();
  const [status, setStatus] = React.useState('all');
  const [direction, setDirection] = React.useState('all');
  const [keyword, setKeyword] = React.useState('');
  const kw = useDebouncedValue(keyword, 300);
  const input = {
    page,
    limit,
    keyword: kw || undefined,
    status: status === 'all' ? undefined : Number(status),
    direction: direction === 'all' ? undefined : (direction as 'in' | 'out'),
    isallbranch: allBranches ? 1 : undefined,
  };
  const list = useQuery({ ...trpc.stockFlows.transfers.queryOptions(input), placeholderData: keepPreviousData });
  const columns: Column<TransferDto>[] = [
    { key: 'code', header: 'Nomor', cell: (t) => <span className="font-mono text-xs">{t.code}</span> },
    { key: 'sent_at', header: 'Dikirim', kind: 'date', cell: (t) => formatDate(t.sent_at) },
    {
      key: 'from',
      header: 'Dari',
      cell: (t) => (
        <div>
          {t.from_warehouse_name}
          <div className="text-xs text-muted-foreground">{t.from_branch}</div>
        </div>
      ),
    },
    {
      key: 'to',
      header: 'Ke',
      cell: (t) => (
        <div>
          {t.to_warehouse_name}
          <div className="text-xs text-muted-foreground">{t.to_branch}</div>
        </div>
      ),
    },
    { key: 'value', header: 'Nilai', kind: 'number', priority: 3, cell: (t) => formatRupiah(t.value) },
    {
      key: 'received_at',
      header: 'Diterima',
      kind: 'date',
      priority: 2,
      cell: (t) => (t.received_at ? formatDate(t.received_at) : '-'),
    },
    { key: 'status', header: 'Status', cell: (t) => statusBadge(t) },
  ];
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          wrapperClassName="w-full sm:w-56"
          placeholder="Cari nomor mutasi"
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
        />
        <div className="w-48">
          <OptionSelect
            id="mutasi-status"
            value={status}
            onValueChange={(v) => (setStatus(v), setPage(1))}
            options={STATUS_OPTIONS}
          />
        </div>
        {allBranches ? null : (
          <div className="w-52">
            <OptionSelect
              id="mutasi-arah"
              value={direction}
              onValueChange={(v) => (setDirection(v), setPage(1))}
              options={DIRECTION_OPTIONS}
            />
          </div>
        )}
        <div className="ml-auto">
          <ExportExcelButton
            disabled={!list.data?.data.length}
            onExport={() =>
              exportToExcel(
                'mutasi-stok',
                [
                  { header: 'Nomor', value: 'code', width: 22 },
                  { header: 'Dikirim', value: (t) => formatDate(t.sent_at) },
                  { header: 'Cabang Asal', value: 'from_branch', width: 20 },
                  { header: 'Gudang Asal', value: 'from_warehouse_name', width: 20 },
                  { header: 'Cabang Tujuan', value: 'to_branch', width: 20 },
                  { header: 'Gudang Tujuan', value: 'to_warehouse_name', width: 20 },
                  { header: 'Nilai', value: 'value' },
                  { header: 'Diterima', value: (t) => (t.received_at ? formatDate(t.received_at) : '') },
                  { header: 'Selisih', value: (t) => t.difference_value ?? '' },
                  { header: 'Status', value: 'status_label', width: 22 },
                ],
                list.data?.data ?? [],
                'Mutasi',
              )
            }
          />
        </div>
      </div>
      <DataTable
        columns={columns}
        rows={list.data?.data}
        rowKey={(t) => t.id}
        loading={list.isLoading}
        emptyText="Belum ada mutasi stok"
        onRowClick={onOpen}
        pagination={pagination(list.data?.count)}
      />
      {list.isError ? <p className="text-sm text-destructive">Daftar mutasi gagal dimuat.</p> : null}
    </div>
  );
}
