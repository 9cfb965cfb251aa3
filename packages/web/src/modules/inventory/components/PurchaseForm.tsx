import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import {
  fromSen,
  MAX_RUPIAH,
  purchaseInput,
  sumSen,
  toSen,
  type ErrorItem,
  type ItemStockDto,
  type PurchaseInput,
} from '@klinik/shared';
import { api, errorItems, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { formatNumber, formatRupiah, parseRupiah } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { useWarehouses } from './common';
import { useVendors } from './vendors';

export interface DraftLine {
  item: ItemStockDto | null;
  qty: string;
  price: string;
}

interface PurchaseValues {
  vendor: string;
  warehouse: string;
  items: DraftLine[];
}
const blankLine = (): DraftLine => ({ item: null, qty: '1', price: '' });

/** The order body sent to the server: ids as numbers, quantities and prices read (unreadable text is left as typed). */
function purchaseBody(v: PurchaseValues) {
  return {
    vendor: v.vendor ? Number(v.vendor) : undefined,
    warehouse: v.warehouse ? Number(v.warehouse) : undefined,
    items: v.items.map((l) => ({
      item: l.item?.id,
      qty: /^\d+$/.test(l.qty.trim()) ? Number(l.qty.trim()) : l.qty,
      price: parseRupiah(l.price) ?? l.price,
    })),
  };
}
type PurchaseBody = ReturnType<typeof purchaseBody>;

/** A line's subtotal in sen as typed (quantity × price of one unit); unreadable counts as 0 until fixed. */
function lineSen(l: DraftLine): number {
  const price = parseRupiah(l.price) ?? 0;
  const qty = Number(l.qty) || 0;
  return Math.abs(price) <= MAX_RUPIAH && Number.isSafeInteger(qty) ? toSen(price) * qty : 0;
}

/** The shared purchaseInput over the body the form sends (raw: the body itself is what is posted). */
const purchaseResolver: Resolver<PurchaseValues, unknown, PurchaseBody> = (values, ctx, options) =>
  (zodResolver(purchaseInput, undefined, { raw: true }) as unknown as Resolver<PurchaseValues, unknown, PurchaseBody>)(
    purchaseBody(values) as unknown as PurchaseValues,
    ctx,
    options,
  );

/** New order: vendor, warehouse and lines (item, quantity in purchase units, price of one purchase unit). */
export function PurchaseForm({
  open,
  onClose,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  initial?: DraftLine[];
}) {
  const qc = useQueryClient();
  const vendors = useVendors();
  const warehouses = useWarehouses();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [done, setDone] = React.useState<string | null>(null);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const form = useForm<PurchaseValues, unknown, PurchaseBody>({
    resolver: purchaseResolver,
    defaultValues: { vendor: '', warehouse: '', items: [blankLine()] },
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, reset, getValues, setValue, formState } = form;
  const errors = formState.errors;
  const lines = useFieldArray({ control, name: 'items' });
  const [checkedLines, setCheckedLines] = React.useState(0);
  React.useEffect(() => {
    if (open) {
      setCheckedLines(0);
      setServerErrors([]);
      setKey(newIdempotencyKey());
      // The vendor and warehouse chosen last time stay; the lines start over.
      reset({ ...getValues(), items: initial?.length ? initial : [blankLine()] });
    }
  }, [open, initial, reset, getValues]);
  const warehouse = useWatch({ control, name: 'warehouse' });
  React.useEffect(() => {
    if (!warehouse && warehouses.data?.length)
      setValue('warehouse', String((warehouses.data.find((w) => w.kind === 'gudang') ?? warehouses.data[0]).id));
  }, [warehouse, warehouses.data, setValue]);
  const trpc = useTRPC();
  const save = useMutation({
    ...trpc.inventory.purchase.create.mutationOptions(),
    onSuccess: (r) => {
      setDone(r.code);
      onClose();
      void qc.invalidateQueries({ queryKey: ['inventory'] });
      void qc.invalidateQueries({ queryKey: trpc.inventory.pathKey() });
    },
    onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    meta: { inlineErrors: true },
  });
  const items = useWatch({ control, name: 'items' });
  const total = fromSen(sumSen(items.map(lineSen)));
  // A line's error shows once the person has been in the field, or for the lines there were at the last 'Simpan':
  // adding a line checks the whole list (react-hook-form's field arrays), which must not flag the new, empty line
  // (issue 26 item 7).
  const lineError = (i: number, f: 'item' | 'qty' | 'price') =>
    formState.touchedFields.items?.[i]?.[f] || i < checkedLines ? errors.items?.[i]?.[f]?.message : undefined;
  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  return (
    <>
      <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>Pesanan Pembelian Baru</DialogTitle>
          </DialogHeader>
          <form
            className="grid gap-3"
            noValidate
            onSubmit={(e) => {
              setCheckedLines(getValues('items').length);
              void handleSubmit((body) => {
                setServerErrors([]);
                // The resolver let the body through purchaseInput: it is the schema's input. The form's key makes a
                // double click one order.
                save.mutate({ ...(body as unknown as PurchaseInput), idempotency_key: key });
              })(e);
            }}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label="Vendor" htmlFor="po-vendor" error={errors.vendor} required>
                <Controller
                  control={control}
                  name="vendor"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger id="po-vendor" aria-invalid={!!errors.vendor}>
                        <SelectValue placeholder="Pilih vendor" />
                      </SelectTrigger>
                      <SelectContent>
                        {(vendors.data ?? []).map((v) => (
                          <SelectItem key={v.id} value={String(v.id)}>
                            {v.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
              <FormField label="Gudang Tujuan" htmlFor="po-warehouse" error={errors.warehouse} required>
                <Controller
                  control={control}
                  name="warehouse"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger id="po-warehouse" aria-invalid={!!errors.warehouse}>
                        <SelectValue placeholder="Pilih gudang" />
                      </SelectTrigger>
                      <SelectContent>
                        {(warehouses.data ?? []).map((w) => (
                          <SelectItem key={w.id} value={String(w.id)}>
                            {w.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
            </div>
            <div className="grid gap-2">
              {lines.fields.map((f, i) => (
                <div key={f.id} className="grid grid-cols-[minmax(0,1fr)_5rem_8rem_auto] items-start gap-2">
                  <FormField label={i === 0 ? 'Item' : ''} htmlFor={`po-item-${i}`} error={lineError(i, 'item')}>
                    <Controller
                      control={control}
                      name={`items.${i}.item`}
                      render={({ field }) => (
                        <Combobox<ItemStockDto>
                          id={`po-item-${i}`}
                          queryKey={['inventory', 'item-search']}
                          search={async (text, signal) =>
                            (
                              await api.get<{ data: ItemStockDto[] }>('/api/inventory/item', {
                                query: { keyword: text, limit: 20 },
                                signal,
                              })
                            ).data
                          }
                          value={field.value}
                          onBlur={field.onBlur}
                          onChange={(item) => {
                            field.onChange(item);
                            if (!getValues(`items.${i}.price`) && item)
                              setValue(`items.${i}.price`, formatNumber(item.last_purchase_price));
                          }}
                          getKey={(it) => it.id}
                          getLabel={(it) => `${it.code} - ${it.name}`}
                          placeholder="Pilih item"
                          invalid={!!lineError(i, 'item')}
                        />
                      )}
                    />
                  </FormField>
                  <FormField label={i === 0 ? 'Jumlah' : ''} htmlFor={`po-qty-${i}`} error={lineError(i, 'qty')}>
                    <Input
                      id={`po-qty-${i}`}
                      inputMode="numeric"
                      aria-invalid={!!lineError(i, 'qty')}
                      {...register(`items.${i}.qty`)}
                    />
                    {items[i]?.item ? (
                      <span className="text-xs text-muted-foreground">
                        {items[i].item.purchase_unit ?? items[i].item.unit}
                      </span>
                    ) : null}
                  </FormField>
                  <FormField
                    label={i === 0 ? 'Harga (Rp)' : ''}
                    htmlFor={`po-price-${i}`}
                    error={lineError(i, 'price')}
                  >
                    <Input
                      id={`po-price-${i}`}
                      inputMode="decimal"
                      aria-invalid={!!lineError(i, 'price')}
                      {...register(`items.${i}.price`)}
                    />
                  </FormField>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className={i === 0 ? 'mt-6' : ''}
                    aria-label={`Hapus baris ${i + 1}`}
                    disabled={lines.fields.length === 1}
                    onClick={() => lines.remove(i)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              ))}
              {itemsError ? <p className="text-sm text-destructive">{itemsError}</p> : null}
              <div className="flex items-center justify-between">
                <Button type="button" variant="outline" size="sm" onClick={() => lines.append(blankLine())}>
                  <Plus /> Tambah Item
                </Button>
                <span className="text-sm">
                  Total: <b className="tabular-nums">{formatRupiah(total)}</b>
                </span>
              </div>
            </div>
            <ErrorList items={serverErrors} />
            <FormDialogFooter busy={save.isPending} onCancel={onClose} />
          </form>
        </DialogContent>
      </Dialog>
      <SuccessDialog
        open={done !== null}
        onClose={() => setDone(null)}
        description={done ? `Pesanan ${done} tersimpan.` : undefined}
      />
    </>
  );
}
