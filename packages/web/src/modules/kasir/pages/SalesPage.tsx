import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import {
  formatRupiah,
  fromSen,
  salesInput,
  sumSen,
  toSen,
  type PaymentResultDto,
  type SalesInput,
} from '@klinik/shared';
import { errorItems, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Button } from '../../../components/ui/button';
import {
  PaymentPanel,
  tenderIssues,
  tenderRowError,
  tendersOf,
  unplacedErrors,
  type TenderRow,
} from '../components/PaymentPanel';
import { printNota } from '../print';
import { SessionBar } from '../components/SessionBar';
import { fieldOf } from '../components/MoneyInput';

interface CartLine {
  item: number;
  name: string;
  price: number;
  stock: number;
  qty: string;
}

interface SalesValues {
  cart: CartLine[];
  rows: TenderRow[];
}

/**
 * The shared salesInput over the cart and the tender rows filled (the warehouse chosen above comes as the form's
 * context): a line's issue lands under its quantity, a tender's on its row.
 */
const salesResolver: Resolver<SalesValues, { warehouse: number }, SalesInput> = (values, context, options) => {
  const parsed = salesInput.safeParse({
    warehouse: context?.warehouse || undefined,
    items: values.cart.map((l) => ({ item: l.item, qty: l.qty === '' ? '' : Number(l.qty) })),
    payments: tendersOf(values.rows),
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const flat = tenderIssues(parsed.error.issues, values.rows);
  for (const name of Object.keys(flat)) {
    // items.<i>.<field> is cart.<i>.<field> in the form
    if (name.startsWith('items.')) {
      flat[`cart.${name.slice(6)}`] = flat[name];
      delete flat[name];
    }
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};

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
  const form = useForm<SalesValues, { warehouse: number }, SalesInput>({
    resolver: salesResolver,
    context: { warehouse: Number(wh) },
    defaultValues: { cart: [], rows: [{ method: '', amount: '' }] },
  });
  const { control, handleSubmit, formState, reset } = form;
  const errors = formState.errors;
  const lines = useFieldArray({ control, name: 'cart', keyName: 'key' });
  const cart = useWatch({ control, name: 'cart' }) ?? [];
  const [key, setKey] = React.useState(newIdempotencyKey);
  const [result, setResult] = React.useState<PaymentResultDto | null>(null);
  const total = fromSen(sumSen(cart.map((l) => toSen(l.price) * Number(l.qty || 0))));
  const client = useTRPCClient();
  const sell = useMutation({
    ...trpc.kasir.sales.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: (r) => {
      setResult(r);
      reset({ cart: [], rows: [{ method: '', amount: '' }] });
      setKey(newIdempotencyKey());
      void qc.invalidateQueries({ queryKey: trpc.kasir.pathKey() });
    },
  });
  const errs = errorItems(sell.error);
  const rowError = tenderRowError(errors.rows, errs);
  const qtyError = (i: number) => errors.cart?.[i]?.qty?.message ?? fieldOf(errs)(`items.${i}.qty`);
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
            lines.append({ item: r.id, name: r.name, price: r.price, stock: r.stock, qty: '1' });
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
          <form
            className="grid gap-3"
            noValidate
            onSubmit={(e) => void handleSubmit((body) => sell.mutate({ ...body, idempotency_key: key }))(e)}
          >
            {lines.fields.map((l, i) => (
              <div key={l.key} className="grid grid-cols-[minmax(0,1fr)_5rem_auto] items-center gap-2 text-sm">
                <span>
                  {l.name} · {formatRupiah(l.price)}
                </span>
                <Controller
                  control={control}
                  name={`cart.${i}.qty`}
                  render={({ field }) => (
                    <Input
                      aria-label={`Jumlah ${l.name}`}
                      aria-invalid={!!qtyError(i)}
                      inputMode="numeric"
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onBlur={field.onBlur}
                      onChange={(e) => field.onChange(e.target.value.replace(/[^0-9]/g, ''))}
                    />
                  )}
                />
                <Button type="button" size="sm" variant="ghost" onClick={() => lines.remove(i)}>
                  Hapus
                </Button>
                {qtyError(i) ? <p className="col-span-3 text-xs text-destructive">{qtyError(i)}</p> : null}
              </div>
            ))}
            <Controller
              control={control}
              name="rows"
              render={({ field }) => (
                <PaymentPanel due={total} rows={field.value} onChange={field.onChange} fieldError={rowError} />
              )}
            />
            {errors.rows?.message ? <ErrorList items={[{ message: errors.rows.message }]} /> : null}
            <ErrorList items={unplacedErrors(errs, /^items\.\d+\.qty$|^warehouse$/)} />
            <Button type="submit" disabled={sell.isPending || cart.length === 0}>
              Bayar
            </Button>
          </form>
          {result ? (
            <div
              className="grid gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm"
              data-testid="sales-paid"
            >
              <p>
                Penjualan <b>{result.code}</b> tersimpan. Total {formatRupiah(result.total)}, kembali{' '}
                <b>{formatRupiah(result.change)}</b>.
              </p>
              <Button size="sm" variant="outline" onClick={() => void printNota(client, result.id)}>
                Nota PDF
              </Button>
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
