import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRupiah, type ErrorItem, type PaymentResultDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { api } from '../../../lib/api';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Button } from '../../../components/ui/button';
import { PaymentPanel, tendersOf, type TenderRow } from '../components/PaymentPanel';
import { newIdempotencyKey, notaUrl } from '../api';
import { SessionBar } from './KasirPage';

interface CartLine {
  item: number;
  name: string;
  price: number;
  stock: number;
  qty: string;
}

const fieldOf = (items: ErrorItem[]) => (f: string) => items.find((i) => i.field === f)?.message;

/** /kasir/sales: the general cashier - items sold from the pharmacy without a visit (walk-in). */
export default function SalesPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const session = useQuery(trpc.kasir.currentSession.queryOptions());
  const warehouses = useQuery(trpc.kasir.warehouses.queryOptions());
  const [warehouse, setWarehouse] = React.useState('');
  const wh = warehouse || (warehouses.data?.[0] ? String(warehouses.data[0].id) : '');
  const [keyword, setKeyword] = React.useState('');
  const items = useQuery({
    ...trpc.kasir.saleItems.queryOptions({ warehouse: Number(wh), keyword: keyword.trim() || undefined }),
    enabled: !!wh,
  });
  const [cart, setCart] = React.useState<CartLine[]>([]);
  const [rows, setRows] = React.useState<TenderRow[]>([{ method: '', amount: '' }]);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const [result, setResult] = React.useState<PaymentResultDto | null>(null);
  const total = cart.reduce((s, l) => s + Math.round(l.price * 100) * Number(l.qty || 0), 0) / 100;
  const sell = useMutation({
    mutationFn: async () =>
      (
        await api.post<{ data: PaymentResultDto }>(
          '/api/kasir/sales',
          {
            warehouse: Number(wh),
            items: cart.map((l) => ({ item: l.item, qty: l.qty === '' ? '' : Number(l.qty) })),
            payments: tendersOf(rows),
          },
          { idempotencyKey: key },
        )
      ).data,
    meta: { inlineErrors: true },
    onSuccess: (r) => {
      setResult(r);
      setCart([]);
      setRows([{ method: '', amount: '' }]);
      setKey(newIdempotencyKey());
      void qc.invalidateQueries({ queryKey: trpc.kasir.pathKey() });
    },
  });
  const errs = errorItems(sell.error);
  type ItemRow = NonNullable<typeof items.data>[number];
  const itemColumns: Column<ItemRow>[] = [
    { key: 'name', header: 'Item', cell: (r) => `${r.name} (${r.code})` },
    { key: 'price', header: 'Harga', kind: 'number', cell: (r) => formatRupiah(r.price) },
    { key: 'stock', header: 'Stok', kind: 'number', priority: 2, cell: (r) => `${r.stock} ${r.unit}` },
    {
      key: 'act',
      header: '',
      kind: 'action',
      cell: (r) => (
        <Button
          size="sm"
          variant="outline"
          disabled={r.stock <= 0 || cart.some((l) => l.item === r.id)}
          onClick={() => {
            setResult(null);
            setCart([...cart, { item: r.id, name: r.name, price: r.price, stock: r.stock, qty: '1' }]);
          }}
        >
          Tambah
        </Button>
      ),
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Kasir Umum" description="Penjualan item dari apotek tanpa kunjungan." />
      <SessionBar session={session.data} loading={session.isPending} />
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="grid content-start gap-3">
          <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2">
            <FormField label="Gudang" htmlFor="sales-warehouse" error={fieldOf(errs)('warehouse')}>
              <select
                id="sales-warehouse"
                className="h-9 w-full rounded-md border bg-background px-2 text-sm"
                value={wh}
                onChange={(e) => setWarehouse(e.target.value)}
              >
                {(warehouses.data ?? []).map((w) => (
                  <option key={w.id} value={String(w.id)}>
                    {w.name}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="Cari item" htmlFor="sales-keyword">
              <Input
                id="sales-keyword"
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                placeholder="Nama atau kode item"
              />
            </FormField>
          </div>
          {warehouses.data && warehouses.data.length === 0 ? (
            <p className="text-sm">Belum ada gudang di cabang ini.</p>
          ) : null}
          {items.error ? <ErrorList items={errorItems(items.error)} /> : null}
          <DataTable
            columns={itemColumns}
            rows={wh ? items.data : []}
            rowKey={(r) => r.id}
            loading={!!wh && items.isPending}
            emptyText="Tidak ada item"
          />
        </section>
        <section className="grid content-start gap-3 rounded-lg border bg-card p-3" data-testid="sales-cart">
          <h3 className="font-semibold">Keranjang</h3>
          {cart.length === 0 ? <p className="text-sm text-muted-foreground">Belum ada item.</p> : null}
          {cart.map((l, i) => (
            <div key={l.item} className="grid grid-cols-[minmax(0,1fr)_5rem_auto] items-center gap-2 text-sm">
              <span>
                {l.name} · {formatRupiah(l.price)}
              </span>
              <Input
                aria-label={`Jumlah ${l.name}`}
                inputMode="numeric"
                value={l.qty}
                onChange={(e) =>
                  setCart(cart.map((x, j) => (j === i ? { ...x, qty: e.target.value.replace(/[^0-9]/g, '') } : x)))
                }
              />
              <Button size="sm" variant="ghost" onClick={() => setCart(cart.filter((_, j) => j !== i))}>
                Hapus
              </Button>
              {fieldOf(errs)(`items.${i}.qty`) ? (
                <p className="col-span-3 text-xs text-destructive">{fieldOf(errs)(`items.${i}.qty`)}</p>
              ) : null}
            </div>
          ))}
          <PaymentPanel due={total} rows={rows} onChange={setRows} fieldError={fieldOf(errs)} />
          {errs.some((e) => !e.field || !/^payments\.|^items\.\d+\.qty$|^warehouse$/.test(e.field)) ? (
            <ErrorList
              items={errs.filter((e) => !e.field || !/^payments\.|^items\.\d+\.qty$|^warehouse$/.test(e.field))}
            />
          ) : null}
          <Button onClick={() => sell.mutate()} disabled={sell.isPending || cart.length === 0}>
            Bayar
          </Button>
          {result ? (
            <div
              className="grid gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm"
              data-testid="sales-paid"
            >
              <p>
                Penjualan <b>{result.code}</b> tersimpan. Total {formatRupiah(result.total)}, kembali{' '}
                <b>{formatRupiah(result.change)}</b>.
              </p>
              <Button asChild size="sm" variant="outline">
                <a href={notaUrl(result.id)} target="_blank" rel="noreferrer">
                  Nota PDF
                </a>
              </Button>
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
