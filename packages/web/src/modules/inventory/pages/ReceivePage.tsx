import * as React from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { receiveInput, type ErrorItem, type PurchaseLineDto, type ReceiveInput } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { formatDate, formatNumber, formatRupiah, parseRupiah } from '../../../lib/format';
import { useBranchToday } from '../../../lib/branch-today';
import { PageHeader } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SuccessDialog } from '../../../components/ui/success-dialog';

interface Line {
  line: PurchaseLineDto;
  qty: string;
  price: string;
  batch: string;
  expired_at: string;
}

interface ReceiveValues {
  received_at: string;
  items: Line[];
}

/** The receipt body sent to the server: quantities and prices read, batch and expiry only for batch-tracked items. */
function receiveBody(v: ReceiveValues) {
  return {
    received_at: v.received_at,
    items: v.items.map((l) => ({
      item: l.line.item,
      qty: /^\d+$/.test(l.qty.trim()) ? Number(l.qty.trim()) : l.qty,
      price: parseRupiah(l.price) ?? l.price,
      batch: l.line.track_batch ? l.batch : undefined,
      expired_at: l.line.track_batch ? l.expired_at : undefined,
    })),
  };
}
type ReceiveBody = ReturnType<typeof receiveBody>;

/** The shared receiveInput over the body the form sends (raw: the body itself is what is posted). */
const receiveResolver: Resolver<ReceiveValues, unknown, ReceiveBody> = (values, ctx, options) =>
  (zodResolver(receiveInput, undefined, { raw: true }) as unknown as Resolver<ReceiveValues, unknown, ReceiveBody>)(
    receiveBody(values) as unknown as ReceiveValues,
    ctx,
    options,
  );

/** /inventory/purchase/receive: receive all or part of an open order, with batch numbers and expiry dates. */
export default function ReceivePage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const trpc = useTRPC();
  const open = useQuery({
    ...trpc.inventory.purchase.list.queryOptions({ open: 1, page: 1, limit: 100 }),
    select: (r) => r.data,
  });
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Penerimaan Barang"
        description="Terima barang pesanan ke gudang dengan nomor batch, tanggal kedaluwarsa dan harga sebenarnya."
      />
      <FormField label="Pesanan" htmlFor="rcv-order">
        <Select value={id} onValueChange={(v) => setParams({ id: v })}>
          <SelectTrigger id="rcv-order" className="max-w-lg">
            <SelectValue placeholder={open.data?.length === 0 ? 'Tidak ada pesanan terbuka' : 'Pilih pesanan'} />
          </SelectTrigger>
          <SelectContent>
            {(open.data ?? []).map((p) => (
              <SelectItem key={p.id} value={String(p.id)}>
                {p.code} · {p.vendor_name} · {p.status_label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {id ? <ReceiveForm key={id} id={Number(id)} /> : null}
    </div>
  );
}

function ReceiveForm({ id }: { id: number }) {
  const qc = useQueryClient();
  const today = useBranchToday();
  const trpc = useTRPC();
  const order = useQuery({
    ...trpc.inventory.purchase.get.queryOptions({ id }),
    meta: { inlineErrors: true },
  });
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [done, setDone] = React.useState<string | null>(null);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const form = useForm<ReceiveValues, unknown, ReceiveBody>({
    resolver: receiveResolver,
    defaultValues: { received_at: today, items: [] },
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, reset, getValues, formState } = form;
  const errors = formState.errors;
  const lines = useFieldArray({ control, name: 'items' });
  React.useEffect(() => {
    // The lines still to receive (again after each receipt); the date chosen stays.
    if (order.data?.items)
      reset({
        received_at: getValues('received_at'),
        items: order.data.items
          .filter((l) => l.remaining > 0)
          .map((l) => ({ line: l, qty: String(l.remaining), price: formatNumber(l.price), batch: '', expired_at: '' })),
      });
  }, [order.data, reset, getValues]);
  const save = useMutation({
    ...trpc.inventory.purchase.receive.mutationOptions(),
    onSuccess: (r) => {
      setDone(
        `Penerimaan ${r.receipt.code} sebesar ${formatRupiah(r.receipt.total)} tersimpan${
          r.receipt.jurnal_code ? ` (jurnal ${r.receipt.jurnal_code})` : ''
        }.`,
      );
      setServerErrors([]);
      setKey(newIdempotencyKey());
      void qc.invalidateQueries({ queryKey: ['inventory'] });
      void qc.invalidateQueries({ queryKey: trpc.inventory.pathKey() });
    },
    onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    meta: { inlineErrors: true },
  });
  const items = useWatch({ control, name: 'items' });
  const lineError = (i: number, f: 'qty' | 'price' | 'batch' | 'expired_at') => errors.items?.[i]?.[f]?.message;
  // The item itself is not a control: its error (e.g. a server refusal of the line) shows under its name.
  const itemError = (i: number) => (errors.items?.[i] as { item?: { message?: string } } | undefined)?.item?.message;
  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  if (order.error) return <ErrorList items={errorItems(order.error)} />;
  const d = order.data;
  if (!d) return <p className="text-sm text-muted-foreground">Memuat...</p>;
  const total = items.reduce((s, l) => s + (Number(l.qty) || 0) * (parseRupiah(l.price) ?? 0), 0);
  return (
    <Card>
      <CardContent className="grid gap-3 p-4">
        <div className="text-sm">
          <b>{d.code}</b> · {d.vendor_name} · gudang <b>{d.warehouse_name}</b> · dipesan {formatDate(d.ordered_at)}
        </div>
        {lines.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">Semua item pesanan ini sudah diterima.</p>
        ) : (
          <form
            className="grid gap-3"
            noValidate
            onSubmit={(e) =>
              void handleSubmit((body) => {
                setServerErrors([]);
                save.mutate({ ...(body as unknown as ReceiveInput), id, idempotency_key: key });
              })(e)
            }
          >
            <FormField label="Tanggal Terima" htmlFor="rcv-date" error={errors.received_at} required>
              <Controller
                control={control}
                name="received_at"
                render={({ field }) => (
                  <DateInput id="rcv-date" value={field.value} onChange={field.onChange} max={today} className="w-44" />
                )}
              />
            </FormField>
            {lines.fields.map((f, i) => {
              return (
                <div
                  key={f.id}
                  className="grid gap-2 rounded border p-2 md:grid-cols-[minmax(0,1fr)_5rem_8rem_8rem_10rem_auto]"
                >
                  <div className="text-sm">
                    <div className="font-medium">{f.line.name}</div>
                    <div className="text-xs text-muted-foreground">
                      Sisa {f.line.remaining} {f.line.purchase_unit} (isi {f.line.conversion} {f.line.unit})
                    </div>
                    {itemError(i) ? <p className="text-xs text-destructive">{itemError(i)}</p> : null}
                  </div>
                  <FormField label="Jumlah" htmlFor={`rcv-qty-${i}`} error={lineError(i, 'qty')}>
                    <Input
                      id={`rcv-qty-${i}`}
                      inputMode="numeric"
                      aria-invalid={!!lineError(i, 'qty')}
                      {...register(`items.${i}.qty`)}
                    />
                  </FormField>
                  <FormField label="Harga (Rp)" htmlFor={`rcv-price-${i}`} error={lineError(i, 'price')}>
                    <Input
                      id={`rcv-price-${i}`}
                      inputMode="decimal"
                      aria-invalid={!!lineError(i, 'price')}
                      {...register(`items.${i}.price`)}
                    />
                  </FormField>
                  {f.line.track_batch ? (
                    <>
                      <FormField label="Batch" htmlFor={`rcv-batch-${i}`} error={lineError(i, 'batch')} required>
                        <Input
                          id={`rcv-batch-${i}`}
                          aria-invalid={!!lineError(i, 'batch')}
                          {...register(`items.${i}.batch`)}
                        />
                      </FormField>
                      <FormField
                        label="Kedaluwarsa"
                        htmlFor={`rcv-exp-${i}`}
                        error={lineError(i, 'expired_at')}
                        required
                      >
                        <Controller
                          control={control}
                          name={`items.${i}.expired_at`}
                          render={({ field }) => (
                            <DateInput
                              id={`rcv-exp-${i}`}
                              value={field.value}
                              onChange={field.onChange}
                              aria-invalid={!!lineError(i, 'expired_at')}
                            />
                          )}
                        />
                      </FormField>
                    </>
                  ) : (
                    <div className="text-xs text-muted-foreground md:col-span-2 md:self-center">Tanpa batch</div>
                  )}
                  <div className="flex items-end gap-1">
                    {f.line.track_batch ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={`Tambah batch ${f.line.name}`}
                        onClick={() =>
                          lines.insert(i + 1, { ...getValues(`items.${i}`), qty: '1', batch: '', expired_at: '' })
                        }
                      >
                        <Plus />
                      </Button>
                    ) : null}
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Hapus baris ${f.line.name}`}
                      disabled={lines.fields.length === 1}
                      onClick={() => lines.remove(i)}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                </div>
              );
            })}
            {itemsError ? <p className="text-sm text-destructive">{itemsError}</p> : null}
            <ErrorList items={serverErrors} />
            <div className="flex items-center justify-between">
              <span className="text-sm">
                Nilai diterima: <b className="tabular-nums">{formatRupiah(total)}</b>
              </span>
              <Button type="submit" disabled={save.isPending}>
                Terima Barang
              </Button>
            </div>
          </form>
        )}
      </CardContent>
      <SuccessDialog open={done !== null} onClose={() => setDone(null)} description={done ?? undefined} />
    </Card>
  );
}
