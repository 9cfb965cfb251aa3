import * as React from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  INSTALLMENT_SCHEMAS,
  installmentMismatch,
  PAKET_ITEM_TYPES,
  type ErrorItem,
  type PaketHistoryDto,
  type PaketInput,
  type PaketTypeDto,
} from '@klinik/shared';
import { useBranchToday } from '../../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../../lib/trpc';
import { ACTIVE_STATUS_OPTIONS, OptionSelect } from '../../../../components/OptionSelect';
import { Button } from '../../../../components/ui/button';
import { FormDialogFooter } from '../../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { DateInput } from '../../../../components/ui/date-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { money, NEW_ROW, paketResolver, toPaketValues, whole, type PaketValues } from './paket-form';

/**
 * 'Paket Promosi' create/edit dialog with its treatment rows (split out of PromosiPage, issue 9 item 6):
 * react-hook-form over the shared `paketInput` (the server's rules, the instalment sum included, issue 9 item 5),
 * the rows a `useFieldArray`, errors next to their field and the server's field errors put back on the field.
 */

/** After a first save, a change to the price, DP or number of instalments checks the instalment sum again. */
const SUM_DEPS = 'cicilan_amount' as const;

export function PaketDialog({
  paket,
  open,
  onClose,
  onSaved,
  types,
}: {
  paket: PaketHistoryDto | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  types: PaketTypeDto[];
}) {
  const trpc = useTRPC();
  const today = useBranchToday();
  const create = useMutation({ ...trpc.paket.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.paket.update.mutationOptions(), meta: { inlineErrors: true } });
  const busy = create.isPending || update.isPending;
  const masterQuery = { page: 1, limit: 500, status: 1 };
  const tindakan = useQuery({
    ...trpc.masters.tindakan.list.queryOptions(masterQuery),
    enabled: open,
    meta: { silent: true },
  });
  const items = useQuery({
    ...trpc.masters.item.list.queryOptions(masterQuery),
    enabled: open,
    meta: { silent: true },
  });
  const labs = useQuery({
    ...trpc.masters.formlab.list.queryOptions(masterQuery),
    enabled: open,
    meta: { silent: true },
  });
  const options: Record<string, { id: number; code: string; name: string }[]> = {
    '1': tindakan.data?.data ?? [],
    '2': items.data?.data ?? [],
    '3': labs.data?.data ?? [],
  };
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<PaketValues, unknown, PaketInput>({
    resolver: paketResolver,
    defaultValues: toPaketValues(paket, today),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, reset, setValue, formState } = form;
  const errors = formState.errors;
  const rows = useFieldArray({ control, name: 'items' });
  React.useEffect(() => {
    if (!open) return;
    reset(toPaketValues(paket, today));
    setServerErrors([]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open, paket]);

  const [schema, price, dp, cicilan, attempt, rowTypes] = useWatch({
    control,
    name: ['installment_schema', 'price', 'dp_amount', 'cicilan_amount', 'cicilan_attempt', 'items'],
  });
  const instal = schema === '1';
  // The instalment sum live, by the one shared rule (the schema reports the same message on cicilan_amount).
  const nums = [money(price), money(dp), money(cicilan), whole(attempt)];
  const mismatch =
    instal && nums.every((x) => typeof x === 'number')
      ? installmentMismatch(...(nums as [number, number, number, number]))
      : null;

  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    const payload = { ...data, description: data.description || null } as PaketInput;
    try {
      if (paket) await update.mutateAsync({ id: paket.paket_id, data: payload });
      else await create.mutateAsync(payload);
      onSaved();
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });

  const sel = (
    name: 'paket_type_id' | 'status' | 'installment_schema',
    render: (value: string, onChange: (v: string) => void) => React.ReactNode,
  ) => (
    <Controller
      control={control}
      name={name}
      rules={name === 'installment_schema' ? { deps: ['cicilan_amount', 'cicilan_attempt'] } : undefined}
      render={({ field }) => <>{render(field.value, field.onChange)}</>}
    />
  );
  const itemsError = errors.items?.root?.message ?? errors.items?.message;

  return (
    <Dialog open={open} onOpenChange={(o) => (o || busy ? undefined : onClose())}>
      <DialogContent fullScreen aria-describedby={undefined}>
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-5xl gap-4"
        >
          <DialogHeader>
            <DialogTitle>{paket ? `Ubah Paket ${paket.code} (versi baru)` : 'Paket Baru'}</DialogTitle>
            {paket ? (
              <DialogDescription>
                Setiap perubahan disimpan sebagai versi baru; registrasi lama tetap memakai versi saat dijual.
              </DialogDescription>
            ) : null}
          </DialogHeader>
          <div className="grid gap-3 md:grid-cols-3">
            <FormField label="Kode" htmlFor="pk-code" error={errors.code} required>
              <Input id="pk-code" aria-invalid={!!errors.code} {...register('code')} />
            </FormField>
            <FormField label="Nama Paket" htmlFor="pk-name" error={errors.name} required className="md:col-span-2">
              <Input id="pk-name" aria-invalid={!!errors.name} {...register('name')} />
            </FormField>
            <FormField label="Jenis Paket" htmlFor="pk-type" error={errors.paket_type_id} required>
              {sel('paket_type_id', (value, onChange) => (
                <Select value={value} onValueChange={onChange}>
                  <SelectTrigger id="pk-type" aria-invalid={!!errors.paket_type_id}>
                    <SelectValue placeholder="Pilih jenis paket" />
                  </SelectTrigger>
                  <SelectContent>
                    {types
                      .filter((t) => t.status === 1)
                      .map((t) => (
                        <SelectItem key={t.id} value={String(t.id)}>
                          {t.name}
                        </SelectItem>
                      ))}
                  </SelectContent>
                </Select>
              ))}
            </FormField>
            <FormField label="Berlaku Mulai" htmlFor="pk-active" error={errors.active_at} required>
              <Controller
                control={control}
                name="active_at"
                render={({ field }) => (
                  <DateInput
                    id="pk-active"
                    value={field.value}
                    onChange={field.onChange}
                    aria-invalid={!!errors.active_at}
                  />
                )}
              />
            </FormField>
            <FormField label="Status" htmlFor="pk-status" error={errors.status}>
              {sel('status', (value, onChange) => (
                <OptionSelect id="pk-status" value={value} onValueChange={onChange} options={ACTIVE_STATUS_OPTIONS} />
              ))}
            </FormField>
            <FormField label="Harga (Rp)" htmlFor="pk-price" error={errors.price} required>
              <Input
                id="pk-price"
                inputMode="decimal"
                aria-invalid={!!errors.price}
                {...register('price', { deps: SUM_DEPS })}
              />
            </FormField>
            <FormField label="Skema Pembayaran" htmlFor="pk-schema" error={errors.installment_schema}>
              {sel('installment_schema', (value, onChange) => (
                <OptionSelect id="pk-schema" value={value} onValueChange={onChange} options={INSTALLMENT_SCHEMAS} />
              ))}
            </FormField>
            {instal ? (
              <>
                <FormField label="DP (Rp)" htmlFor="pk-dp" error={errors.dp_amount}>
                  <Input
                    id="pk-dp"
                    inputMode="decimal"
                    aria-invalid={!!errors.dp_amount}
                    {...register('dp_amount', { deps: SUM_DEPS })}
                  />
                </FormField>
                <FormField label="Nominal Cicilan (Rp)" htmlFor="pk-cicilan" error={errors.cicilan_amount}>
                  <Input
                    id="pk-cicilan"
                    inputMode="decimal"
                    aria-invalid={!!errors.cicilan_amount}
                    {...register('cicilan_amount')}
                  />
                </FormField>
                <FormField label="Jumlah Cicilan" htmlFor="pk-attempt" error={errors.cicilan_attempt}>
                  <Input
                    id="pk-attempt"
                    inputMode="numeric"
                    aria-invalid={!!errors.cicilan_attempt}
                    {...register('cicilan_attempt', { deps: SUM_DEPS })}
                  />
                </FormField>
              </>
            ) : null}
            <FormField label="Keterangan" htmlFor="pk-desc" error={errors.description} className="md:col-span-3">
              <Textarea id="pk-desc" rows={2} {...register('description')} />
            </FormField>
          </div>
          {mismatch && !errors.cicilan_amount ? <p className="text-sm text-destructive">{mismatch}</p> : null}

          <div className="grid gap-2">
            <div className="flex items-center justify-between">
              <h3 className="font-semibold">Isi Paket</h3>
              <Button type="button" size="sm" variant="outline" onClick={() => rows.append({ ...NEW_ROW })}>
                <Plus /> Tambah Item
              </Button>
            </div>
            {rows.fields.length === 0 ? <p className="text-sm text-muted-foreground">{'Tidak ada Perawatan'}</p> : null}
            {itemsError ? <p className="text-sm text-destructive">{itemsError}</p> : null}
            {rows.fields.map((r, i) => {
              const rowErrors = errors.items?.[i];
              const rowType = rowTypes?.[i]?.type ?? r.type;
              return (
                <div
                  key={r.id}
                  className="grid items-end gap-2 rounded-md border p-2 md:grid-cols-[140px_1fr_110px_130px_auto]"
                >
                  <FormField label="Jenis" htmlFor={`it-type-${i}`} error={rowErrors?.type}>
                    <Controller
                      control={control}
                      name={`items.${i}.type`}
                      render={({ field }) => (
                        <OptionSelect
                          id={`it-type-${i}`}
                          value={field.value}
                          onValueChange={(x) => {
                            field.onChange(x);
                            setValue(`items.${i}.ref_id`, '');
                          }}
                          options={PAKET_ITEM_TYPES}
                        />
                      )}
                    />
                  </FormField>
                  <FormField label="Nama" htmlFor={`it-ref-${i}`} error={rowErrors?.ref_id}>
                    <Controller
                      control={control}
                      name={`items.${i}.ref_id`}
                      render={({ field }) => (
                        <Select value={field.value} onValueChange={field.onChange}>
                          <SelectTrigger id={`it-ref-${i}`} aria-invalid={!!rowErrors?.ref_id}>
                            <SelectValue placeholder="Pilih" />
                          </SelectTrigger>
                          <SelectContent>
                            {(options[rowType] ?? []).map((o) => (
                              <SelectItem key={o.id} value={String(o.id)}>
                                {o.code} · {o.name}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                      )}
                    />
                  </FormField>
                  <FormField label="Slot" htmlFor={`it-slot-${i}`} error={rowErrors?.free_slot}>
                    <Input
                      id={`it-slot-${i}`}
                      inputMode="numeric"
                      aria-invalid={!!rowErrors?.free_slot}
                      {...register(`items.${i}.free_slot`)}
                    />
                  </FormField>
                  <FormField label="Berlaku (hari)" htmlFor={`it-exp-${i}`} error={rowErrors?.expired_duration}>
                    <Input
                      id={`it-exp-${i}`}
                      inputMode="numeric"
                      aria-invalid={!!rowErrors?.expired_duration}
                      {...register(`items.${i}.expired_duration`)}
                    />
                  </FormField>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label="Hapus item"
                    onClick={() => rows.remove(i)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              );
            })}
          </div>
          <ErrorList items={serverErrors} />
          <FormDialogFooter busy={busy} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
