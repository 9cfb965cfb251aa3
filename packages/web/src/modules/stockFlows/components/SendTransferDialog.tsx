import * as React from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { formatDate, transferInput, type ErrorItem, type TransferInput } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { OptionSelect } from '../../../components/OptionSelect';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useWarehouses, useWarehouseStock, useRefreshStock } from '../lib';

interface Values {
  from_warehouse: string;
  to_warehouse: string;
  note: string;
  items: { key: string; qty: string }[];
}
const blank: Values = { from_warehouse: '', to_warehouse: '', note: '', items: [{ key: '', qty: '' }] };

/** An item line's choice: "item:batch" of the source warehouse's stock. */
const resolver: Resolver<Values, unknown, TransferInput> = (values, ctx, options) =>
  (zodResolver(transferInput) as unknown as Resolver<Values, unknown, TransferInput>)(
    {
      ...values,
      items: values.items.map((l) => {
        const [item, batch] = l.key.split(':');
        return { item: item ?? '', qty: l.qty, batch: batch || undefined };
      }),
    } as unknown as Values,
    ctx,
    options,
  );

/** 'Kirim Mutasi': goods leave the source warehouse now and wait in transit for the receiving side. */
export function SendTransferDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const trpc = useTRPC();
  const refreshStock = useRefreshStock();
  const warehouses = useWarehouses();
  const targets = useQuery({ ...trpc.stockFlows.transferTargets.queryOptions({}), enabled: open });
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const form = useForm<Values, unknown, TransferInput>({ resolver, defaultValues: blank, mode: 'onTouched' });
  const { control, register, handleSubmit, reset, watch, formState } = form;
  const errors = formState.errors;
  const lines = useFieldArray({ control, name: 'items' });
  const from = Number(watch('from_warehouse')) || null;
  const stock = useWarehouseStock(from);
  React.useEffect(() => {
    if (open) {
      reset(blank);
      setServerErrors([]);
      setKey(newIdempotencyKey());
    }
  }, [open, reset]);
  const send = useMutation(
    trpc.stockFlows.send.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        await refreshStock();
        onOpenChange(false);
      },
      onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    }),
  );
  const itemOptions: [string, string][] = stock
    .filter((s) => s.quantity > 0 && (s.expires_in === null || s.expires_in > 0))
    .map((s) => [
      `${s.item}:${s.batch_id ?? ''}`,
      `${s.name}${s.batch ? ` - batch ${s.batch} (${formatDate(s.expired_at)})` : ''} - stok ${s.quantity} ${s.unit}`,
    ]);
  const targetOptions: [string, string][] = (targets.data ?? [])
    .filter((w) => w.id !== from)
    .map((w) => [String(w.id), `${w.branch_name} - ${w.name}`]);
  const itemError = (i: number) => {
    const e = errors.items?.[i] as { item?: { message?: string }; batch?: { message?: string } } | undefined;
    return e?.item?.message ?? e?.batch?.message;
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !send.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-2xl">
        <form
          onSubmit={(e) =>
            void handleSubmit((d) => (setServerErrors([]), send.mutate({ ...d, idempotency_key: key })))(e)
          }
          className="grid gap-4"
          noValidate
        >
          <DialogHeader>
            <DialogTitle>Kirim Mutasi</DialogTitle>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Gudang Asal" htmlFor="mutasi-from" error={errors.from_warehouse} required>
              <Controller
                control={control}
                name="from_warehouse"
                render={({ field }) => (
                  <OptionSelect
                    id="mutasi-from"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={warehouses.map((w) => [String(w.id), w.name] as [string, string])}
                  />
                )}
              />
            </FormField>
            <FormField label="Gudang Tujuan" htmlFor="mutasi-to" error={errors.to_warehouse} required>
              <Controller
                control={control}
                name="to_warehouse"
                render={({ field }) => (
                  <OptionSelect
                    id="mutasi-to"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={targetOptions}
                  />
                )}
              />
            </FormField>
          </div>
          <div className="grid gap-2">
            <div className="text-sm font-medium">Item</div>
            {lines.fields.map((f, i) => (
              <div key={f.id} className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-start gap-2">
                <FormField htmlFor={`mutasi-item-${i}`} error={itemError(i)}>
                  <Controller
                    control={control}
                    name={`items.${i}.key`}
                    render={({ field }) => (
                      <OptionSelect
                        id={`mutasi-item-${i}`}
                        value={field.value}
                        onValueChange={field.onChange}
                        options={itemOptions}
                      />
                    )}
                  />
                </FormField>
                <FormField htmlFor={`mutasi-qty-${i}`} error={errors.items?.[i]?.qty}>
                  <Input
                    id={`mutasi-qty-${i}`}
                    inputMode="numeric"
                    placeholder="Jumlah"
                    aria-invalid={!!errors.items?.[i]?.qty}
                    {...register(`items.${i}.qty`)}
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label="Hapus baris"
                  disabled={lines.fields.length === 1}
                  onClick={() => lines.remove(i)}
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
            ))}
            {errors.items?.message ? <p className="text-sm text-destructive">{errors.items.message}</p> : null}
            <div>
              <Button type="button" variant="outline" size="sm" onClick={() => lines.append({ key: '', qty: '' })}>
                <Plus className="size-4" /> Tambah Item
              </Button>
            </div>
          </div>
          <FormField label="Catatan" htmlFor="mutasi-note" error={errors.note}>
            <Textarea id="mutasi-note" rows={2} {...register('note')} />
          </FormField>
          <ErrorList items={serverErrors} />
          <FormDialogFooter busy={send.isPending} onCancel={() => onOpenChange(false)} submitTestId="mutasi-send" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
