import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { canFeature, type ItemStockDto } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { api, errorItems } from '../../../lib/trpc';
import { formatNumber, formatRupiah } from '../../../lib/format';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ErrorList } from '../../../components/ui/error-list';
import { PurchaseForm, type DraftLine } from '../components/PurchaseForm';

/** Purchase units that bring an item back to twice its minimum. */
function suggested(r: ItemStockDto): number {
  return Math.max(1, Math.ceil((r.min_stock * 2 - r.quantity) / Math.max(1, r.conversion)));
}

/** /inventory/purchase/low: items under their minimum stock, turned into one purchase order. */
export default function LowStockPage() {
  const me = useSession();
  const canManage = canFeature(me, 'STOCK_BELANJA', 'manage');
  const list = useQuery({
    queryKey: ['inventory', 'items', 'low'],
    queryFn: ({ signal }) =>
      api.get<{ data: ItemStockDto[]; count: number }>('/api/inventory/item', {
        query: { low: 1, limit: 500 },
        signal,
      }),
    meta: { inlineErrors: true },
  });
  const [picked, setPicked] = React.useState<Set<number>>(new Set());
  const [draft, setDraft] = React.useState<DraftLine[] | null>(null);
  const rows = list.data?.data;
  const columns: Column<ItemStockDto>[] = [
    ...(canManage
      ? [
          {
            key: 'pick',
            header: '',
            cell: (r: ItemStockDto) => (
              <Checkbox
                aria-label={`Pilih ${r.name}`}
                checked={picked.has(r.id)}
                onCheckedChange={(c) => {
                  const next = new Set(picked);
                  if (c === true) next.add(r.id);
                  else next.delete(r.id);
                  setPicked(next);
                }}
              />
            ),
          },
        ]
      : []),
    { key: 'name', header: 'Item', cell: (r) => `${r.code} - ${r.name}` },
    { key: 'quantity', header: 'Stok', kind: 'number', cell: (r) => `${formatNumber(r.quantity)} ${r.unit}` },
    { key: 'min_stock', header: 'Minimum', kind: 'number', cell: (r) => formatNumber(r.min_stock) },
    {
      key: 'suggest',
      header: 'Saran Pesan',
      kind: 'number',
      priority: 2,
      cell: (r) => `${suggested(r)} ${r.purchase_unit ?? r.unit}`,
    },
    {
      key: 'price',
      header: 'Harga Beli Terakhir',
      kind: 'number',
      priority: 3,
      cell: (r) => formatRupiah(r.last_purchase_price),
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Stok Menipis"
        description="Item di bawah stok minimum. Pilih lalu buat satu pesanan pembelian."
        actions={
          canManage ? (
            <>
              <Button variant="outline" onClick={() => setPicked(new Set((rows ?? []).map((r) => r.id)))}>
                Pilih Semua
              </Button>
              <Button
                disabled={picked.size === 0}
                onClick={() =>
                  setDraft(
                    (rows ?? [])
                      .filter((r) => picked.has(r.id))
                      .map((r) => ({
                        item: r,
                        qty: String(suggested(r)),
                        price: formatNumber(r.last_purchase_price),
                      })),
                  )
                }
              >
                Buat Pesanan ({picked.size})
              </Button>
            </>
          ) : null
        }
      />
      {list.error ? <ErrorList items={errorItems(list.error)} /> : null}
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} loading={list.isPending} paginate={false} />
      {canManage ? (
        <PurchaseForm
          open={draft !== null}
          initial={draft ?? undefined}
          onClose={() => {
            setDraft(null);
            setPicked(new Set());
          }}
        />
      ) : null}
    </div>
  );
}
