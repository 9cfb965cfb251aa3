import * as React from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import {
  dispenseInput,
  formatDate,
  formatDateTime,
  formatRupiah,
  type DispenseInput,
  type ErrorItem,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import {
  AllergyBanner,
  AllergyMatch,
  AllergyOverrideDialog,
  splitAllergyErrors,
} from '../../../components/AllergyOverride';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { OptionSelect } from '../../../components/OptionSelect';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { qtyFmt, useWarehouses, useWarehouseStock, useRefreshStock } from '../lib';

const SAME = 'sama';

interface Line {
  resep_item: number;
  prescribed: number;
  name: string;
  unit: string;
  remaining: number;
  available: number;
  qty: string;
  item: string;
  reason: string;
}
interface Values {
  resep: number;
  warehouse: string;
  items: Line[];
}

const resolver: Resolver<Values, unknown, DispenseInput> = (values, ctx, options) =>
  (zodResolver(dispenseInput) as unknown as Resolver<Values, unknown, DispenseInput>)(
    {
      resep: values.resep,
      warehouse: values.warehouse,
      items: values.items.map((l) => ({
        item: l.item === SAME ? l.prescribed : l.item,
        qty: l.qty,
        resep_item: l.resep_item,
        reason: l.item === SAME ? undefined : l.reason,
      })),
    } as unknown as Values,
    ctx,
    options,
  );

/** A prescription: its lines, what is left and in stock, and the hand-over (FEFO; substitutes with a reason). */
export function DispenseDialog({ id, onOpenChange }: { id: number | null; onOpenChange: (o: boolean) => void }) {
  const trpc = useTRPC();
  const refreshStock = useRefreshStock();
  const detail = useQuery({ ...trpc.stockFlows.resep.queryOptions({ id: id ?? 0 }), enabled: !!id });
  const r = detail.data;
  const warehouses = useWarehouses();
  const apotek = warehouses.find((w) => w.kind === 'apotek');
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  // A hand-over refused for an allergy waits for the pharmacist's reason (sent again with the same key).
  const [held, setHeld] = React.useState<{ payload: DispensePayload; messages: string[] } | null>(null);
  type DispensePayload = Parameters<typeof dispense.mutate>[0];
  const [key, setKey] = React.useState(newIdempotencyKey);
  const form = useForm<Values, unknown, DispenseInput>({
    resolver,
    defaultValues: { resep: 0, warehouse: '', items: [] },
  });
  const { control, register, handleSubmit, reset, watch, formState } = form;
  const errors = formState.errors;
  const lines = useFieldArray({ control, name: 'items' });
  const warehouse = Number(watch('warehouse')) || null;
  const stock = useWarehouseStock(warehouse);
  React.useEffect(() => {
    if (!r) return;
    reset({
      resep: r.id,
      warehouse: apotek ? String(apotek.id) : '',
      items: (r.items ?? [])
        .filter((l) => l.remaining > 0)
        .map((l) => ({
          resep_item: l.id,
          prescribed: l.item,
          name: l.name,
          unit: l.unit,
          remaining: l.remaining,
          available: l.available,
          qty: String(l.remaining),
          item: SAME,
          reason: '',
        })),
    });
    setServerErrors([]);
    setHeld(null);
    setKey(newIdempotencyKey());
  }, [r, apotek, reset]);
  const dispense = useMutation(
    trpc.stockFlows.dispense.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        await refreshStock();
      },
      onError: (e, payload) => {
        const { allergy, rest } = splitAllergyErrors(errorItems(e));
        setHeld(allergy.length ? { payload, messages: allergy } : null);
        setServerErrors(applyServerErrors(form, rest));
      },
    }),
  );
  const items = watch('items');
  const substitutes: [string, string][] = [
    [SAME, 'Sesuai resep'],
    ...[...new Map(stock.filter((s) => s.quantity > 0).map((s) => [s.item, s])).values()].map(
      (s) => [String(s.item), `Ganti: ${s.name}`] as [string, string],
    ),
  ];
  const open = r && ['menunggu', 'sebagian'].includes(r.pharmacy_status) && lines.fields.length > 0;
  const stockName = (item: string) => stock.find((x) => String(x.item) === item)?.name;
  return (
    <Dialog open={!!id} onOpenChange={(o) => !dispense.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Resep {r?.code ?? ''}</DialogTitle>
        </DialogHeader>
        {detail.isLoading ? <p className="text-sm text-muted-foreground">Memuat...</p> : null}
        {detail.isError ? <p className="text-sm text-destructive">Resep gagal dimuat.</p> : null}
        {r ? (
          <div className="grid gap-3">
            <div className="grid gap-1 text-sm sm:grid-cols-2">
              <div>
                <span className="text-muted-foreground">Pasien: </span>
                {r.customer_name}
              </div>
              <div>
                <span className="text-muted-foreground">Dokter: </span>
                {r.doctor_name}
              </div>
              <div>
                <span className="text-muted-foreground">Ditulis: </span>
                {formatDateTime(r.created_at)}
              </div>
              <div>
                <span className="text-muted-foreground">Status: </span>
                <Badge variant={r.pharmacy_status === 'diserahkan' ? 'success' : 'warning'}>{r.status_label}</Badge>
              </div>
            </div>
            <AllergyBanner allergies={r.allergies} testId="serah-allergies" />
            <div className="rounded-md border">
              <table className="w-full text-sm">
                <thead className="bg-muted">
                  <tr>
                    <th className="p-2 text-left">Obat</th>
                    <th className="hidden p-2 text-left sm:table-cell">Signa</th>
                    <th className="p-2 text-right">Resep</th>
                    <th className="p-2 text-right">Diserahkan</th>
                    <th className="p-2 text-right">Stok Apotek</th>
                  </tr>
                </thead>
                <tbody>
                  {(r.items ?? []).map((l) => (
                    <tr key={l.id} className="border-t">
                      <td className="p-2">
                        {l.name}
                        <div className="text-xs text-muted-foreground">
                          {formatRupiah(l.price)} / {l.unit}
                          {l.generic_name ? ` · ${l.generic_name}` : ''}
                        </div>
                        <AllergyMatch allergies={r.allergies} item={l} />
                        {l.allergy_override ? (
                          <div className="text-xs text-destructive">Alasan dokter: {l.allergy_override}</div>
                        ) : null}
                      </td>
                      <td className="hidden p-2 sm:table-cell">{l.signa}</td>
                      <td className="p-2 text-right tabular-nums">{qtyFmt(l.qty)}</td>
                      <td className="p-2 text-right tabular-nums">{qtyFmt(l.dispensed)}</td>
                      <td
                        className={`p-2 text-right tabular-nums ${l.available < l.remaining ? 'text-destructive' : ''}`}
                      >
                        {qtyFmt(l.available)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {open ? (
              <form
                className="grid gap-3"
                noValidate
                onSubmit={(e) =>
                  void handleSubmit((d) => (setServerErrors([]), dispense.mutate({ ...d, idempotency_key: key })))(e)
                }
              >
                <FormField label="Gudang" htmlFor="serah-gudang" error={errors.warehouse} required className="sm:w-64">
                  <Controller
                    control={control}
                    name="warehouse"
                    render={({ field }) => (
                      <OptionSelect
                        id="serah-gudang"
                        value={field.value}
                        onValueChange={field.onChange}
                        options={warehouses.map((w) => [String(w.id), w.name] as [string, string])}
                      />
                    )}
                  />
                </FormField>
                {lines.fields.map((f, i) => {
                  const e = errors.items?.[i] as
                    | { qty?: { message?: string }; reason?: { message?: string }; item?: { message?: string } }
                    | undefined;
                  return (
                    <div
                      key={f.id}
                      className="grid gap-2 rounded-md border p-2 sm:grid-cols-[minmax(0,1fr)_6rem_12rem_auto]"
                    >
                      <div className="text-sm">
                        <div className="font-medium">{f.name}</div>
                        <div className="text-xs text-muted-foreground">
                          sisa {f.remaining} {f.unit}
                        </div>
                      </div>
                      <FormField htmlFor={`serah-qty-${i}`} error={e?.qty?.message}>
                        <Input
                          id={`serah-qty-${i}`}
                          aria-label={`Jumlah ${f.name}`}
                          inputMode="numeric"
                          className="text-right"
                          aria-invalid={!!e?.qty}
                          {...register(`items.${i}.qty`)}
                        />
                      </FormField>
                      <FormField htmlFor={`serah-item-${i}`} error={e?.item?.message}>
                        <Controller
                          control={control}
                          name={`items.${i}.item`}
                          render={({ field }) => (
                            <OptionSelect
                              id={`serah-item-${i}`}
                              value={field.value}
                              onValueChange={field.onChange}
                              options={substitutes.filter(([k]) => k !== String(f.prescribed))}
                            />
                          )}
                        />
                      </FormField>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label="Tidak diserahkan sekarang"
                        disabled={lines.fields.length === 1}
                        onClick={() => lines.remove(i)}
                      >
                        <Trash2 className="size-4" />
                      </Button>
                      {items[i]?.item !== SAME ? (
                        <div className="sm:col-span-4">
                          <AllergyMatch allergies={r.allergies} item={{ name: stockName(items[i].item) ?? '' }} />
                        </div>
                      ) : null}
                      {items[i]?.item !== SAME ? (
                        <FormField
                          label="Alasan penggantian"
                          htmlFor={`serah-reason-${i}`}
                          error={e?.reason?.message}
                          className="sm:col-span-4"
                          required
                        >
                          <Input id={`serah-reason-${i}`} {...register(`items.${i}.reason`)} />
                        </FormField>
                      ) : null}
                    </div>
                  );
                })}
                <ErrorList items={serverErrors} />
                <FormDialogFooter
                  busy={dispense.isPending}
                  onCancel={() => onOpenChange(false)}
                  submitTestId="resep-dispense"
                />
              </form>
            ) : null}
            {(r.dispensings ?? []).length ? (
              <div className="grid gap-1 text-sm">
                <div className="font-medium">Penyerahan</div>
                {(r.dispensings ?? []).map((d) => (
                  <div key={d.id} className="rounded-md border p-2">
                    <div className="text-xs text-muted-foreground">
                      {d.code} · {formatDate(d.dispensed_at)} · {d.warehouse_name} · {d.created_by_name ?? '-'}
                    </div>
                    {d.items.map((l, k) => (
                      <div key={k} className="flex justify-between gap-2">
                        <span>
                          {l.name}
                          {l.batch ? ` (batch ${l.batch}, ${formatDate(l.expired_at)})` : ''}
                          {l.substitute_for_name ? ` - pengganti ${l.substitute_for_name}: ${l.reason}` : ''}
                          {l.allergy_override ? (
                            <span className="block text-xs text-destructive">
                              Diberikan meski alergi: {l.allergy_override} ({d.created_by_name ?? '-'})
                            </span>
                          ) : null}
                        </span>
                        <span className="tabular-nums">
                          {l.qty} {l.unit}
                        </span>
                      </div>
                    ))}
                  </div>
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
        <AllergyOverrideDialog
          messages={held?.messages ?? []}
          onCancel={() => setHeld(null)}
          onConfirm={async (reason) => {
            const payload = { ...held!.payload, allergy_override: reason };
            setHeld(null);
            await dispense.mutateAsync(payload).catch(() => undefined);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
