import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { formatDate, formatNumber, formatRupiah } from '../../../lib/format';
import { DataTable } from '../../../components/DataTable';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';

export const STATUS_VARIANT: Record<number, 'secondary' | 'warning' | 'success' | 'destructive'> = {
  0: 'destructive',
  1: 'secondary',
  2: 'warning',
  3: 'success',
};

/** One order with its lines and receipts: print (PDF) and, for the branch, 'Terima Barang'. */
export function PurchaseDetail({
  id,
  onClose,
  canReceive,
}: {
  id: number | null;
  onClose: () => void;
  canReceive: boolean;
}) {
  const trpc = useTRPC();
  const detail = useQuery({
    ...trpc.inventory.purchase.get.queryOptions({ id: id ?? 0 }),
    enabled: id !== null,
  });
  const d = detail.data;
  return (
    <Dialog open={id !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Pesanan {d?.code ?? ''}</DialogTitle>
        </DialogHeader>
        {detail.error ? <ErrorList items={errorItems(detail.error)} /> : null}
        {d ? (
          <div className="grid gap-3 text-sm">
            <div className="grid grid-cols-2 gap-1 sm:grid-cols-4">
              <span className="text-muted-foreground">Tanggal</span>
              <span>{formatDate(d.ordered_at)}</span>
              <span className="text-muted-foreground">Vendor</span>
              <span>{d.vendor_name}</span>
              <span className="text-muted-foreground">Gudang</span>
              <span>{d.warehouse_name}</span>
              <span className="text-muted-foreground">Status</span>
              <span>
                <Badge variant={STATUS_VARIANT[d.status] ?? 'secondary'}>{d.status_label}</Badge>
              </span>
            </div>
            <DataTable
              columns={[
                { key: 'name', header: 'Item', cell: (l) => `${l.code} - ${l.name}` },
                { key: 'qty', header: 'Pesan', kind: 'number', cell: (l) => `${l.qty} ${l.purchase_unit}` },
                { key: 'received', header: 'Diterima', kind: 'number', cell: (l) => formatNumber(l.received) },
                { key: 'price', header: 'Harga', kind: 'number', priority: 2, cell: (l) => formatRupiah(l.price) },
                { key: 'subtotal', header: 'Subtotal', kind: 'number', cell: (l) => formatRupiah(l.subtotal) },
              ]}
              rows={d.items}
              rowKey={(l) => l.id}
              paginate={false}
            />
            <div className="text-right">
              Total <b className="tabular-nums">{formatRupiah(d.total)}</b> · Diterima{' '}
              <b className="tabular-nums">{formatRupiah(d.received_total)}</b>
            </div>
            {d.receipts?.length ? (
              <div className="grid gap-1">
                <div className="font-medium">Penerimaan</div>
                {d.receipts.map((r) => (
                  <div key={r.id} className="rounded border p-2">
                    <div>
                      <span className="font-mono">{r.code}</span> · {formatDate(r.received_at)} ·{' '}
                      {formatRupiah(r.total)}
                      {r.jurnal_code ? ` · Jurnal ${r.jurnal_code}` : ''}
                    </div>
                    <div className="text-xs text-muted-foreground">
                      {r.items
                        .map(
                          (i) =>
                            `${i.name} ${i.qty} (${i.stock_qty})${i.batch ? ` batch ${i.batch} ED ${formatDate(i.expired_at)}` : ''}`,
                        )
                        .join('; ')}
                    </div>
                  </div>
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
        <DialogFooter>
          {d ? (
            <Button variant="outline" asChild>
              <a href={`/api/inventory/purchase/${d.id}/pdf`} target="_blank" rel="noreferrer">
                <Printer /> Cetak
              </a>
            </Button>
          ) : null}
          {d && canReceive && (d.status === 1 || d.status === 2) ? (
            <Button asChild>
              <Link to={`/inventory/purchase/receive?id=${d.id}`}>Terima Barang</Link>
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
