import * as React from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { canFeature, type PurchaseDto } from '@klinik/shared';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { formatDate, formatRupiah } from '../../../lib/format';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SearchInput } from '../../../components/ListFilters';
import { PurchaseForm } from '../components/PurchaseForm';
import { PurchaseDetail, STATUS_VARIANT } from '../components/PurchaseDetail';
import { usePaging } from '../../../lib/use-paging';

const ALL = 'all';

/** /inventory/purchase: purchase orders of the branch; create, detail, print, go to receiving. */
export default function PurchasePage() {
  return <PurchaseList />;
}

/** The order list (the branch's, or every branch's for the backoffice). */
export function PurchaseList({ allBranches = false }: { allBranches?: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const me = useSession();
  const canManage = !allBranches && canFeature(me, 'STOCK_BELANJA', 'manage');
  const [keyword, setKeyword] = React.useState('');
  const [status, setStatus] = React.useState(ALL);
  const { page, size: limit, pagination, resetting } = usePaging();
  const [creating, setCreating] = React.useState(false);
  const [detail, setDetail] = React.useState<number | null>(null);
  const query = { keyword: keyword.trim(), status: status === ALL ? '' : status };
  const list = useQuery({
    ...(allBranches ? trpc.inventory.purchase.backoffice : trpc.inventory.purchase.list).queryOptions({
      ...query,
      page,
      limit,
    }),
    meta: { inlineErrors: true },
  });
  const columns: Column<PurchaseDto>[] = [
    { key: 'code', header: 'No. Pesanan', cell: (r) => <span className="font-mono">{r.code}</span> },
    { key: 'ordered_at', header: 'Tanggal', kind: 'date', priority: 2, cell: (r) => formatDate(r.ordered_at) },
    ...(allBranches
      ? [{ key: 'branch', header: 'Cabang', priority: 3 as const, cell: (r: PurchaseDto) => r.branch_name }]
      : []),
    { key: 'vendor', header: 'Vendor', cell: (r) => r.vendor_name },
    { key: 'warehouse', header: 'Gudang', priority: 3, cell: (r) => r.warehouse_name },
    { key: 'total', header: 'Total', kind: 'number', cell: (r) => formatRupiah(r.total) },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => <Badge variant={STATUS_VARIANT[r.status] ?? 'secondary'}>{r.status_label}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (r) => (
        <Button size="sm" variant="outline" onClick={() => setDetail(r.id)}>
          Detail
        </Button>
      ),
    },
  ];
  const exportAll = async () => {
    const all = allBranches ? client.inventory.purchase.backoffice : client.inventory.purchase.list;
    const res = await all.query({ ...query, page: 1, limit: 500 });
    await exportToExcel(
      'pesanan-pembelian',
      [
        { header: 'No. Pesanan', value: (r: PurchaseDto) => r.code },
        { header: 'Tanggal', value: (r: PurchaseDto) => formatDate(r.ordered_at) },
        { header: 'Cabang', value: (r: PurchaseDto) => r.branch_name },
        { header: 'Vendor', value: (r: PurchaseDto) => r.vendor_name },
        { header: 'Gudang', value: (r: PurchaseDto) => r.warehouse_name },
        { header: 'Total', value: (r: PurchaseDto) => r.total, numFmt: '#,##0.00' },
        { header: 'Diterima', value: (r: PurchaseDto) => r.received_total, numFmt: '#,##0.00' },
        { header: 'Status', value: (r: PurchaseDto) => r.status_label },
      ],
      res.data,
      'Pesanan Pembelian',
    );
  };
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Belanja"
        description={allBranches ? 'Pesanan pembelian semua cabang.' : 'Pesanan pembelian ke vendor dan penerimaannya.'}
        actions={
          <>
            <ExportExcelButton onExport={exportAll} disabled={!list.data?.count} />
            {canManage ? (
              <>
                <Button variant="outline" asChild>
                  <Link to="/inventory/purchase/receive">Penerimaan</Link>
                </Button>
                <Button onClick={() => setCreating(true)}>
                  <Plus /> Pesanan Baru
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap gap-2">
        <SearchInput
          wrapperClassName="w-full max-w-xs"
          placeholder="Cari nomor atau vendor"
          aria-label="Cari"
          value={keyword}
          onChange={(e) => resetting(setKeyword)(e.target.value)}
        />
        <Select value={status} onValueChange={resetting(setStatus)}>
          <SelectTrigger className="w-48" aria-label="Status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Semua status</SelectItem>
            <SelectItem value="1">Dipesan</SelectItem>
            <SelectItem value="2">Diterima Sebagian</SelectItem>
            <SelectItem value="3">Diterima</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <PagedQueryTable query={list} pagination={pagination} columns={columns} />
      {canManage ? <PurchaseForm open={creating} onClose={() => setCreating(false)} /> : null}
      <PurchaseDetail id={detail} onClose={() => setDetail(null)} canReceive={canManage} />
    </div>
  );
}
