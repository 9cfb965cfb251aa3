import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Plus, Trash2 } from 'lucide-react';
import {
  alergiCorrectionInput,
  alergiInput,
  bhpCorrectionInput,
  bhpInput,
  bmiOf,
  bmiText,
  formatRupiah,
  labCorrectionInput,
  labInput,
  MSG,
  produkCorrectionInput,
  produkInput,
  resepCorrectionInput,
  resepInput,
  RM_KIND_LABEL,
  soapCorrectionInput,
  soapInput,
  treatmentCorrectionInput,
  treatmentInput,
  VITAL_NAMES,
  VITAL_RANGES,
  voidInput,
  type ErrorItem,
  type RmEntryDto,
  type RmKind,
  type VitalName,
} from '@klinik/shared';
import { newIdempotencyKey } from '../../../lib/api';
import { errorItems, TOAST_MS, useTRPC, useTRPCClient } from '../../../lib/trpc';
import {
  AllergyBanner,
  AllergyMatch,
  AllergyOverrideDialog,
  splitAllergyErrors,
} from '../../../components/AllergyOverride';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { IcdPicker, type IcdOption } from '../../../components/IcdPicker';
import { OptionSelect } from '../../../components/OptionSelect';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';

type Client = ReturnType<typeof useTRPCClient>;

/** Creates, corrects or voids an entry of any kind through its own procedure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the input shape depends on the kind
type AnyInput = any;
export async function createEntry(client: Client, kind: RmKind, visit: number, input: AnyInput, key: string) {
  const body = { ...input, id: visit, idempotency_key: key };
  switch (kind) {
    case 'soap':
      return client.medicalRecords.soap.create.mutate(body);
    case 'treatment':
      return client.medicalRecords.treatment.create.mutate(body);
    case 'produk':
      return client.medicalRecords.produk.create.mutate(body);
    case 'bhp':
      return client.medicalRecords.bhp.create.mutate(body);
    case 'resep':
      return client.medicalRecords.resep.create.mutate(body);
    case 'alergi':
      return client.medicalRecords.alergi.create.mutate(body);
    case 'lab':
      return client.medicalRecords.lab.create.mutate(body);
  }
}
export async function correctEntry(client: Client, kind: RmKind, id: number, input: AnyInput) {
  const body = { ...input, id };
  switch (kind) {
    case 'soap':
      return client.medicalRecords.soap.correct.mutate(body);
    case 'treatment':
      return client.medicalRecords.treatment.correct.mutate(body);
    case 'produk':
      return client.medicalRecords.produk.correct.mutate(body);
    case 'bhp':
      return client.medicalRecords.bhp.correct.mutate(body);
    case 'resep':
      return client.medicalRecords.resep.correct.mutate(body);
    case 'alergi':
      return client.medicalRecords.alergi.correct.mutate(body);
    case 'lab':
      return client.medicalRecords.lab.correct.mutate(body);
  }
}
export async function voidEntry(client: Client, kind: RmKind, id: number, input: { reason: string; version?: number }) {
  const body = { ...input, id };
  switch (kind) {
    case 'soap':
      return client.medicalRecords.soap.void.mutate(body);
    case 'treatment':
      return client.medicalRecords.treatment.void.mutate(body);
    case 'produk':
      return client.medicalRecords.produk.void.mutate(body);
    case 'bhp':
      return client.medicalRecords.bhp.void.mutate(body);
    case 'resep':
      return client.medicalRecords.resep.void.mutate(body);
    case 'alergi':
      return client.medicalRecords.alergi.void.mutate(body);
    case 'lab':
      return client.medicalRecords.lab.void.mutate(body);
  }
}
export async function historyOf(client: Client, kind: RmKind, id: number) {
  switch (kind) {
    case 'soap':
      return client.medicalRecords.soap.history.query({ id });
    case 'treatment':
      return client.medicalRecords.treatment.history.query({ id });
    case 'produk':
      return client.medicalRecords.produk.history.query({ id });
    case 'bhp':
      return client.medicalRecords.bhp.history.query({ id });
    case 'resep':
      return client.medicalRecords.resep.history.query({ id });
    case 'alergi':
      return client.medicalRecords.alergi.history.query({ id });
    case 'lab':
      return client.medicalRecords.lab.history.query({ id });
  }
}

/** What every entry dialog gets: the visit, the entry to correct (none: a new one), and whether a reason is needed. */
export interface EntryDialogProps {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  visitId: number;
  /** The entry to correct; absent: a new entry. */
  entry?: RmEntryDto | null;
  /** The record is finished: a new entry is a correction too and needs a reason. */
  finished: boolean;
  /** The patient's recorded allergies (prescriptions show them and ask for a reason when a drug matches). */
  allergies?: string[];
}

/** The shared save logic of the entry dialogs: Idempotency-Key per opened dialog, errors next to the fields. */
function useEntrySave<T extends FieldValues>(
  kind: RmKind,
  p: EntryDialogProps,
  form: Parameters<typeof applyServerErrors<T>>[0],
) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [key, setKey] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  // A drug refused for an allergy: the request waits for the override's reason (AllergyOverrideDialog).
  const [held, setHeld] = React.useState<{ input: AnyInput; messages: string[] } | null>(null);
  React.useEffect(() => {
    if (p.open) {
      setKey(newIdempotencyKey());
      setErrors([]);
      setHeld(null);
    }
  }, [p.open]);
  const save = async (input: AnyInput) => {
    setBusy(true);
    setErrors([]);
    setHeld(null);
    try {
      if (p.entry) await correctEntry(client, kind, p.entry.id, { ...input, version: p.entry.version });
      else await createEntry(client, kind, p.visitId, input, key);
      toast.success(`${RM_KIND_LABEL[kind]}: ${p.entry ? 'perbaikan disimpan' : MSG.actionSuccess}`, {
        duration: TOAST_MS,
      });
      await queryClient.invalidateQueries(trpc.medicalRecords.pathFilter());
      await queryClient.invalidateQueries({ queryKey: ['rm-history'] });
      p.onOpenChange(false);
    } catch (err) {
      const { allergy, rest } = splitAllergyErrors(errorItems(err));
      if (allergy.length) setHeld({ input, messages: allergy });
      setErrors(applyServerErrors(form, rest));
    } finally {
      setBusy(false);
    }
  };
  const overrideDialog = (
    <AllergyOverrideDialog
      messages={held?.messages ?? []}
      onCancel={() => setHeld(null)}
      onConfirm={(reason) => save({ ...held!.input, allergy_override: reason })}
    />
  );
  return { save, busy, errors, overrideDialog };
}

function ReasonField({
  show,
  error,
  register,
}: {
  show: boolean;
  error?: string;
  register: React.ComponentProps<'textarea'>;
}) {
  if (!show) return null;
  return (
    <FormField label="Alasan perbaikan" htmlFor="rm-reason" error={error} required>
      <Textarea id="rm-reason" rows={2} aria-invalid={!!error} {...register} />
    </FormField>
  );
}

const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

// ---------------------------------------------------------------------------------------------------------------
// SOAP
// ---------------------------------------------------------------------------------------------------------------

interface SoapValues {
  subjective: string;
  objective: string;
  assessment: string;
  plan: string;
  vitals: Record<VitalName, string>;
  diagnoses: { code: string; primary: boolean }[];
  procedures: { code: string }[];
  reason: string;
}

function soapDefaults(entry?: RmEntryDto | null): SoapValues {
  const v = entry?.current;
  return {
    subjective: s(v?.subjective),
    objective: s(v?.objective),
    assessment: s(v?.assessment),
    plan: s(v?.plan),
    vitals: Object.fromEntries(VITAL_NAMES.map((k) => [k, s(v?.vitals?.[k])])) as Record<VitalName, string>,
    diagnoses: v?.diagnoses?.map((d) => ({ code: d.code, primary: d.primary })) ?? [],
    procedures: v?.procedures?.map((d) => ({ code: d.code })) ?? [],
    reason: '',
  };
}

/** SOAP, vital signs (BMI computed as you type), ICD-10 diagnoses (one primary) and ICD-9-CM procedures. */
export function SoapDialog(p: EntryDialogProps) {
  const correcting = !!p.entry;
  const form = useForm<SoapValues>({
    resolver: zodResolver(correcting ? soapCorrectionInput : soapInput) as unknown as Resolver<SoapValues>,
    defaultValues: soapDefaults(p.entry),
  });
  const { register, handleSubmit, reset, watch, formState, control, setValue } = form;
  const errors = formState.errors;
  const diagnoses = useFieldArray({ control, name: 'diagnoses' });
  const procedures = useFieldArray({ control, name: 'procedures' });
  const [names, setNames] = React.useState<Record<string, string>>({});
  const { save, busy, errors: rest } = useEntrySave<SoapValues>('soap', p, form);
  React.useEffect(() => {
    if (p.open) {
      reset(soapDefaults(p.entry));
      const n: Record<string, string> = {};
      for (const d of p.entry?.current.diagnoses ?? []) n[d.code] = d.name_id;
      for (const d of p.entry?.current.procedures ?? []) n[d.code] = d.name_en || d.name_id;
      setNames(n);
    }
  }, [p.open, p.entry, reset]);
  const berat = Number(String(watch('vitals.berat')).replace(',', '.'));
  const tinggi = Number(String(watch('vitals.tinggi')).replace(',', '.'));
  const bmi = bmiOf(Number.isFinite(berat) ? berat : null, Number.isFinite(tinggi) ? tinggi : null);
  const dx = watch('diagnoses');

  const addCode = (list: 'diagnoses' | 'procedures', o: IcdOption | null) => {
    if (!o) return;
    setNames((n) => ({ ...n, [o.code]: list === 'procedures' ? o.name_en || o.name_id : o.name_id }));
    if (list === 'diagnoses') diagnoses.append({ code: o.code, primary: dx.length === 0 });
    else procedures.append({ code: o.code });
  };

  return (
    <Dialog open={p.open} onOpenChange={(o) => !busy && p.onOpenChange(o)}>
      <DialogContent className="max-h-[95vh] max-w-3xl overflow-y-auto" data-testid="soap-dialog">
        <form onSubmit={(e) => void handleSubmit(save)(e)} className="grid gap-3" noValidate>
          <DialogHeader>
            <DialogTitle>{correcting ? 'Perbaiki SOAP' : 'Tulis SOAP'}</DialogTitle>
            <DialogDescription>
              {correcting
                ? 'Versi lama tetap tersimpan dan dapat dibaca; tulis alasan perbaikan.'
                : 'Subjektif, objektif, asesmen, rencana, tanda vital dan diagnosis.'}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            {(['subjective', 'objective', 'assessment', 'plan'] as const).map((f) => (
              <FormField
                key={f}
                label={
                  {
                    subjective: 'S - Subjektif',
                    objective: 'O - Objektif',
                    assessment: 'A - Asesmen',
                    plan: 'P - Rencana',
                  }[f]
                }
                htmlFor={`soap-${f}`}
                error={errors[f]}
              >
                <Textarea id={`soap-${f}`} rows={3} aria-invalid={!!errors[f]} {...register(f)} />
              </FormField>
            ))}
          </div>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold">Tanda Vital</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {VITAL_NAMES.map((k) => (
                <FormField
                  key={k}
                  label={`${VITAL_RANGES[k].label} (${VITAL_RANGES[k].unit})`}
                  htmlFor={`vital-${k}`}
                  error={errors.vitals?.[k]}
                >
                  <Input
                    id={`vital-${k}`}
                    inputMode="decimal"
                    aria-invalid={!!errors.vitals?.[k]}
                    {...register(`vitals.${k}`)}
                  />
                </FormField>
              ))}
            </div>
            <p className="text-sm" data-testid="soap-bmi">
              BMI: {bmi === null ? '-' : bmiText(bmi)}
            </p>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold">Diagnosis (ICD-10)</legend>
            {diagnoses.fields.map((f, i) => (
              <div
                key={f.id}
                className="flex flex-wrap items-center gap-2 rounded-md border p-2"
                data-testid="soap-diagnosis-row"
              >
                <span className="font-mono font-semibold">{f.code}</span>
                <span className="min-w-0 flex-1 text-sm">{names[f.code] ?? ''}</span>
                <label className="flex items-center gap-1 text-sm">
                  <input
                    type="radio"
                    name="primary-diagnosis"
                    checked={!!dx[i]?.primary}
                    onChange={() => dx.forEach((_, j) => setValue(`diagnoses.${j}.primary`, j === i))}
                  />
                  Utama
                </label>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label="Hapus diagnosis"
                  onClick={() => diagnoses.remove(i)}
                >
                  <Trash2 />
                </Button>
                {errors.diagnoses?.[i]?.code ? (
                  <p role="alert" className="w-full text-xs font-medium text-destructive">
                    {errors.diagnoses[i]?.code?.message}
                  </p>
                ) : null}
              </div>
            ))}
            <FormField htmlFor="soap-icd10" error={errors.diagnoses?.message ?? errors.diagnoses?.root?.message}>
              <IcdPicker id="soap-icd10" list="icd10" value={null} onChange={(o) => addCode('diagnoses', o)} />
            </FormField>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold">Prosedur (ICD-9-CM)</legend>
            {procedures.fields.map((f, i) => (
              <div key={f.id} className="flex items-center gap-2 rounded-md border p-2">
                <span className="font-mono font-semibold">{f.code}</span>
                <span className="min-w-0 flex-1 text-sm">{names[f.code] ?? ''}</span>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label="Hapus prosedur"
                  onClick={() => procedures.remove(i)}
                >
                  <Trash2 />
                </Button>
                {errors.procedures?.[i]?.code ? (
                  <p role="alert" className="w-full text-xs font-medium text-destructive">
                    {errors.procedures[i]?.code?.message}
                  </p>
                ) : null}
              </div>
            ))}
            <IcdPicker id="soap-icd9" list="icd9cm" value={null} onChange={(o) => addCode('procedures', o)} />
          </fieldset>
          <ReasonField show={correcting || p.finished} error={errors.reason?.message} register={register('reason')} />
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => p.onOpenChange(false)} submitTestId="soap-save" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Treatment
// ---------------------------------------------------------------------------------------------------------------

interface Option {
  id: number;
  code: string;
  name: string;
  price: number;
  unit?: string;
  generic_name?: string | null;
}

function useStaff(open: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.medicalRecords.options.staff.queryOptions(), enabled: open, staleTime: 60_000 });
}

interface TreatmentValues {
  perawatan: number | undefined;
  qty: string;
  doctor: number | undefined;
  assistant: number | undefined;
  icd9cm: string;
  reason: string;
}

export function TreatmentDialog(p: EntryDialogProps & { defaultDoctor: number }) {
  const client = useTRPCClient();
  const correcting = !!p.entry;
  const v = p.entry?.current;
  const defaults = (): TreatmentValues => ({
    perawatan: v?.perawatan?.id,
    qty: v?.qty ? String(v.qty) : '1',
    doctor: v?.doctor?.id ?? p.defaultDoctor,
    assistant: v?.assistant?.id,
    icd9cm: v?.icd9cm?.code ?? '',
    reason: '',
  });
  const form = useForm<TreatmentValues>({
    resolver: zodResolver(
      correcting ? treatmentCorrectionInput : treatmentInput,
    ) as unknown as Resolver<TreatmentValues>,
    defaultValues: defaults(),
  });
  const { register, handleSubmit, reset, formState, control, setValue } = form;
  const errors = formState.errors;
  const [perawatan, setPerawatan] = React.useState<Option | null>(null);
  const [icd, setIcd] = React.useState<IcdOption | null>(null);
  const staff = useStaff(p.open);
  const { save, busy, errors: rest } = useEntrySave<TreatmentValues>('treatment', p, form);
  React.useEffect(() => {
    if (p.open) {
      reset(defaults());
      setPerawatan(v?.perawatan ? { ...v.perawatan, price: v.price ?? 0 } : null);
      setIcd(v?.icd9cm ?? null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the dialog opens
  }, [p.open]);
  const doctors = (staff.data ?? []).filter((x) => x.role === 2);
  return (
    <Dialog open={p.open} onOpenChange={(o) => !busy && p.onOpenChange(o)}>
      <DialogContent className="max-w-lg" data-testid="treatment-dialog">
        <form onSubmit={(e) => void handleSubmit(save)(e)} className="grid gap-3" noValidate>
          <DialogHeader>
            <DialogTitle>{correcting ? 'Perbaiki Tindakan' : 'Tambah Tindakan'}</DialogTitle>
            <DialogDescription>Perawatan dari master, jumlah, dokter dan asisten yang melakukan.</DialogDescription>
          </DialogHeader>
          <FormField label="Perawatan" htmlFor="tr-perawatan" error={errors.perawatan} required>
            <Combobox<Option>
              id="tr-perawatan"
              queryKey={['rm-options', 'perawatan']}
              search={(text, signal) =>
                client.medicalRecords.options.perawatan.query({ keyword: text || undefined }, { signal })
              }
              value={perawatan}
              onChange={(o) => {
                setPerawatan(o);
                setValue('perawatan', o?.id, { shouldValidate: true });
              }}
              getKey={(o) => o.id}
              getLabel={(o) => o.name}
              renderItem={(o) => (
                <div className="flex justify-between gap-2">
                  <span>{o.name}</span>
                  <span className="text-muted-foreground tabular-nums">{formatRupiah(o.price)}</span>
                </div>
              )}
              invalid={!!errors.perawatan}
            />
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Jumlah" htmlFor="tr-qty" error={errors.qty} required>
              <Input id="tr-qty" inputMode="numeric" aria-invalid={!!errors.qty} {...register('qty')} />
            </FormField>
            <FormField label="ICD-9-CM" htmlFor="tr-icd" error={errors.icd9cm}>
              <IcdPicker
                id="tr-icd"
                list="icd9cm"
                value={icd}
                onChange={(o) => {
                  setIcd(o);
                  setValue('icd9cm', o?.code ?? '');
                }}
              />
            </FormField>
          </div>
          <FormField label="Dokter" htmlFor="tr-doctor" error={errors.doctor} required>
            <Controller
              control={control}
              name="doctor"
              render={({ field }) => (
                <OptionSelect
                  id="tr-doctor"
                  value={field.value ? String(field.value) : ''}
                  onValueChange={(x) => field.onChange(Number(x))}
                  options={doctors.map((d) => [String(d.id), d.name] as const)}
                />
              )}
            />
          </FormField>
          <FormField label="Asisten / Perawat" htmlFor="tr-assistant" error={errors.assistant}>
            <Controller
              control={control}
              name="assistant"
              render={({ field }) => (
                <OptionSelect
                  id="tr-assistant"
                  value={field.value ? String(field.value) : 'none'}
                  onValueChange={(x) => field.onChange(x === 'none' ? undefined : Number(x))}
                  options={[
                    ['none', 'Tanpa asisten'],
                    ...(staff.data ?? []).map((d) => [String(d.id), d.name] as const),
                  ]}
                />
              )}
            />
          </FormField>
          <ReasonField show={correcting || p.finished} error={errors.reason?.message} register={register('reason')} />
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => p.onOpenChange(false)} submitTestId="treatment-save" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Products, BHP, one prescription item (correction)
// ---------------------------------------------------------------------------------------------------------------

function ItemPicker({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: Option | null;
  onChange: (o: Option | null) => void;
  invalid?: boolean;
}) {
  const client = useTRPCClient();
  return (
    <Combobox<Option>
      id={id}
      queryKey={['rm-options', 'item']}
      search={(text, signal) => client.medicalRecords.options.item.query({ keyword: text || undefined }, { signal })}
      value={value}
      onChange={onChange}
      getKey={(o) => o.id}
      getLabel={(o) => `${o.name} (${o.unit ?? ''})`}
      renderItem={(o) => (
        <div className="flex justify-between gap-2">
          <span>
            {o.name} <span className="text-xs text-muted-foreground">{o.unit}</span>
            {o.generic_name ? <span className="block text-xs text-muted-foreground">{o.generic_name}</span> : null}
          </span>
          <span className="text-muted-foreground tabular-nums">{formatRupiah(o.price)}</span>
        </div>
      )}
      invalid={invalid}
      placeholder="Pilih item..."
    />
  );
}

interface ItemValues {
  item: number | undefined;
  qty: string;
  signa: string;
  reason: string;
}

/** A product, a consumable (BHP) or, when correcting, one prescription item (with signa). */
export function ItemDialog(p: EntryDialogProps & { kind: 'produk' | 'bhp' | 'resep' }) {
  const correcting = !!p.entry;
  const v = p.entry?.current;
  const schema =
    p.kind === 'resep'
      ? resepCorrectionInput
      : p.kind === 'produk'
        ? correcting
          ? produkCorrectionInput
          : produkInput
        : correcting
          ? bhpCorrectionInput
          : bhpInput;
  const defaults = (): ItemValues => ({
    item: v?.item?.id,
    qty: v?.qty ? String(v.qty) : '1',
    signa: s(v?.signa),
    reason: '',
  });
  const form = useForm<ItemValues>({
    resolver: zodResolver(schema) as unknown as Resolver<ItemValues>,
    defaultValues: defaults(),
  });
  const { register, handleSubmit, reset, formState, setValue } = form;
  const errors = formState.errors;
  const [item, setItem] = React.useState<Option | null>(null);
  const { save, busy, errors: rest, overrideDialog } = useEntrySave<ItemValues>(p.kind, p, form);
  React.useEffect(() => {
    if (p.open) {
      reset(defaults());
      setItem(v?.item ? { ...v.item, price: v.price ?? 0 } : null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the dialog opens
  }, [p.open]);
  const title = { produk: 'Produk', bhp: 'BHP', resep: 'Item Resep' }[p.kind];
  return (
    <Dialog open={p.open} onOpenChange={(o) => !busy && p.onOpenChange(o)}>
      <DialogContent className="max-w-lg" data-testid={`${p.kind}-dialog`}>
        <form
          onSubmit={(e) =>
            void handleSubmit((d) => save(p.kind === 'resep' ? d : { item: d.item, qty: d.qty, reason: d.reason }))(e)
          }
          className="grid gap-3"
          noValidate
        >
          <DialogHeader>
            <DialogTitle>
              {correcting ? 'Perbaiki' : 'Tambah'} {title}
            </DialogTitle>
            <DialogDescription>Item dari master cabang ini dan jumlahnya.</DialogDescription>
          </DialogHeader>
          {p.kind === 'resep' ? <AllergyBanner allergies={p.allergies} /> : null}
          <FormField label="Item" htmlFor={`${p.kind}-item`} error={errors.item} required>
            <ItemPicker
              id={`${p.kind}-item`}
              value={item}
              onChange={(o) => {
                setItem(o);
                setValue('item', o?.id, { shouldValidate: true });
              }}
              invalid={!!errors.item}
            />
          </FormField>
          {p.kind === 'resep' ? <AllergyMatch allergies={p.allergies} item={item} /> : null}
          <FormField label="Jumlah" htmlFor={`${p.kind}-qty`} error={errors.qty} required>
            <Input id={`${p.kind}-qty`} inputMode="numeric" aria-invalid={!!errors.qty} {...register('qty')} />
          </FormField>
          {p.kind === 'resep' ? (
            <FormField label="Signa (aturan pakai)" htmlFor="resep-signa" error={errors.signa} required>
              <Input id="resep-signa" aria-invalid={!!errors.signa} {...register('signa')} />
            </FormField>
          ) : null}
          <ReasonField show={correcting || p.finished} error={errors.reason?.message} register={register('reason')} />
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => p.onOpenChange(false)} submitTestId={`${p.kind}-save`} />
        </form>
        {overrideDialog}
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// A prescription (several items)
// ---------------------------------------------------------------------------------------------------------------

interface ResepValues {
  items: { item: number | undefined; qty: string; signa: string }[];
  note: string;
  reason: string;
}

export function ResepDialog(p: EntryDialogProps) {
  const form = useForm<ResepValues>({
    resolver: zodResolver(resepInput) as unknown as Resolver<ResepValues>,
    defaultValues: { items: [{ item: undefined, qty: '1', signa: '' }], note: '', reason: '' },
  });
  const { register, handleSubmit, reset, formState, control, setValue } = form;
  const errors = formState.errors;
  const items = useFieldArray({ control, name: 'items' });
  const [picked, setPicked] = React.useState<Record<string, Option | null>>({});
  const { save, busy, errors: rest, overrideDialog } = useEntrySave<ResepValues>('resep', { ...p, entry: null }, form);
  React.useEffect(() => {
    if (p.open) {
      reset({ items: [{ item: undefined, qty: '1', signa: '' }], note: '', reason: '' });
      setPicked({});
    }
  }, [p.open, reset]);
  return (
    <Dialog open={p.open} onOpenChange={(o) => !busy && p.onOpenChange(o)}>
      <DialogContent className="max-h-[95vh] max-w-2xl overflow-y-auto" data-testid="resep-dialog">
        <form onSubmit={(e) => void handleSubmit(save)(e)} className="grid gap-3" noValidate>
          <DialogHeader>
            <DialogTitle>Tulis Resep</DialogTitle>
            <DialogDescription>Obat, jumlah dan signa; apotek menyerahkannya dari resep ini.</DialogDescription>
          </DialogHeader>
          <AllergyBanner allergies={p.allergies} />
          {items.fields.map((f, i) => (
            <div
              key={f.id}
              className="grid gap-2 rounded-md border p-2 sm:grid-cols-[1fr_6rem_1fr_auto]"
              data-testid="resep-row"
            >
              <FormField label="Obat" htmlFor={`resep-item-${i}`} error={errors.items?.[i]?.item}>
                <ItemPicker
                  id={`resep-item-${i}`}
                  value={picked[f.id] ?? null}
                  onChange={(o) => {
                    setPicked((x) => ({ ...x, [f.id]: o }));
                    setValue(`items.${i}.item`, o?.id, { shouldValidate: true });
                  }}
                  invalid={!!errors.items?.[i]?.item}
                />
                <AllergyMatch allergies={p.allergies} item={picked[f.id]} />
              </FormField>
              <FormField label="Jumlah" htmlFor={`resep-qty-${i}`} error={errors.items?.[i]?.qty}>
                <Input id={`resep-qty-${i}`} inputMode="numeric" {...register(`items.${i}.qty`)} />
              </FormField>
              <FormField label="Signa" htmlFor={`resep-signa-${i}`} error={errors.items?.[i]?.signa}>
                <Input id={`resep-signa-${i}`} placeholder="3 x 1 sesudah makan" {...register(`items.${i}.signa`)} />
              </FormField>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                className="self-end"
                aria-label="Hapus obat"
                disabled={items.fields.length === 1}
                onClick={() => items.remove(i)}
              >
                <Trash2 />
              </Button>
            </div>
          ))}
          {errors.items?.message ? (
            <p role="alert" className="text-xs font-medium text-destructive">
              {errors.items.message}
            </p>
          ) : null}
          <Button
            type="button"
            variant="outline"
            onClick={() => items.append({ item: undefined, qty: '1', signa: '' })}
          >
            <Plus /> Tambah obat
          </Button>
          <FormField label="Catatan" htmlFor="resep-note" error={errors.note}>
            <Input id="resep-note" {...register('note')} />
          </FormField>
          <ReasonField show={p.finished} error={errors.reason?.message} register={register('reason')} />
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => p.onOpenChange(false)} submitTestId="resep-save" />
        </form>
        {overrideDialog}
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Allergy
// ---------------------------------------------------------------------------------------------------------------

interface AlergiValues {
  allergen: string;
  note: string;
  reason: string;
}

export function AlergiDialog(p: EntryDialogProps) {
  const correcting = !!p.entry;
  const defaults = (): AlergiValues => ({
    allergen: s(p.entry?.current.allergen),
    note: s(p.entry?.current.note),
    reason: '',
  });
  const form = useForm<AlergiValues>({
    resolver: zodResolver(correcting ? alergiCorrectionInput : alergiInput) as unknown as Resolver<AlergiValues>,
    defaultValues: defaults(),
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const { save, busy, errors: rest } = useEntrySave<AlergiValues>('alergi', p, form);
  React.useEffect(() => {
    if (p.open) reset(defaults());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the dialog opens
  }, [p.open]);
  return (
    <Dialog open={p.open} onOpenChange={(o) => !busy && p.onOpenChange(o)}>
      <DialogContent className="max-w-md" data-testid="alergi-dialog">
        <form onSubmit={(e) => void handleSubmit(save)(e)} className="grid gap-3" noValidate>
          <DialogHeader>
            <DialogTitle>{correcting ? 'Perbaiki Alergi' : 'Catat Alergi'}</DialogTitle>
            <DialogDescription>Tampil menonjol di setiap rekam medis pasien ini.</DialogDescription>
          </DialogHeader>
          <FormField label="Alergen" htmlFor="alergi-allergen" error={errors.allergen} required>
            <Input id="alergi-allergen" placeholder="mis. Amoksisilin, seafood" {...register('allergen')} />
          </FormField>
          <FormField label="Reaksi / catatan" htmlFor="alergi-note" error={errors.note}>
            <Input id="alergi-note" {...register('note')} />
          </FormField>
          <ReasonField show={correcting || p.finished} error={errors.reason?.message} register={register('reason')} />
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => p.onOpenChange(false)} submitTestId="alergi-save" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Lab form
// ---------------------------------------------------------------------------------------------------------------

interface LabValues {
  form_lab: number | undefined;
  qty: string;
  note: string;
  reason: string;
}

/** A lab form of the branch's lab master (Master Laboratorium): billed at the cashier at the master's price. */
export function LabDialog(p: EntryDialogProps) {
  const client = useTRPCClient();
  const correcting = !!p.entry;
  const v = p.entry?.current;
  const defaults = (): LabValues => ({
    form_lab: v?.form_lab?.id,
    qty: v?.qty ? String(v.qty) : '1',
    note: s(v?.note),
    reason: '',
  });
  const form = useForm<LabValues>({
    resolver: zodResolver(correcting ? labCorrectionInput : labInput) as unknown as Resolver<LabValues>,
    defaultValues: defaults(),
  });
  const { register, handleSubmit, reset, formState, setValue } = form;
  const errors = formState.errors;
  const [picked, setPicked] = React.useState<Option | null>(null);
  const { save, busy, errors: rest } = useEntrySave<LabValues>('lab', p, form);
  React.useEffect(() => {
    if (p.open) {
      reset(defaults());
      setPicked(v?.form_lab ? { ...v.form_lab, price: v.price ?? 0 } : null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the dialog opens
  }, [p.open]);
  return (
    <Dialog open={p.open} onOpenChange={(o) => !busy && p.onOpenChange(o)}>
      <DialogContent className="max-w-lg" data-testid="lab-dialog">
        <form onSubmit={(e) => void handleSubmit(save)(e)} className="grid gap-3" noValidate>
          <DialogHeader>
            <DialogTitle>{correcting ? 'Perbaiki Form Lab' : 'Tambah Form Lab'}</DialogTitle>
            <DialogDescription>Form lab dari Master Laboratorium cabang ini; ditagih di kasir.</DialogDescription>
          </DialogHeader>
          <FormField label="Form lab" htmlFor="lab-form" error={errors.form_lab} required>
            <Combobox<Option>
              id="lab-form"
              queryKey={['rm-options', 'lab']}
              search={(text, signal) =>
                client.medicalRecords.options.lab.query({ keyword: text || undefined }, { signal })
              }
              value={picked}
              onChange={(o) => {
                setPicked(o);
                setValue('form_lab', o?.id, { shouldValidate: true });
              }}
              getKey={(o) => o.id}
              getLabel={(o) => `${o.code} ${o.name}`}
              renderItem={(o) => (
                <div className="flex justify-between gap-2">
                  <span>
                    <span className="font-mono text-xs text-muted-foreground">{o.code}</span> {o.name}
                  </span>
                  <span className="text-muted-foreground tabular-nums">{formatRupiah(o.price)}</span>
                </div>
              )}
              invalid={!!errors.form_lab}
              placeholder="Pilih form lab..."
            />
          </FormField>
          <FormField label="Jumlah" htmlFor="lab-qty" error={errors.qty} required>
            <Input id="lab-qty" inputMode="numeric" aria-invalid={!!errors.qty} {...register('qty')} />
          </FormField>
          <FormField label="Catatan" htmlFor="lab-note" error={errors.note}>
            <Input id="lab-note" placeholder="mis. puasa 8 jam" {...register('note')} />
          </FormField>
          <ReasonField show={correcting || p.finished} error={errors.reason?.message} register={register('reason')} />
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => p.onOpenChange(false)} submitTestId="lab-save" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Void
// ---------------------------------------------------------------------------------------------------------------

export function VoidDialog({ entry, onOpenChange }: { entry: RmEntryDto | null; onOpenChange: (o: boolean) => void }) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(voidInput) as unknown as Resolver<{ reason: string }>,
    defaultValues: { reason: '' },
  });
  const [busy, setBusy] = React.useState(false);
  const [rest, setRest] = React.useState<ErrorItem[]>([]);
  React.useEffect(() => {
    if (entry) {
      form.reset({ reason: '' });
      setRest([]);
    }
  }, [entry, form]);
  const submit = form.handleSubmit(async ({ reason }) => {
    if (!entry) return;
    setBusy(true);
    try {
      await voidEntry(client, entry.kind, entry.id, { reason, version: entry.version });
      toast.success(`${RM_KIND_LABEL[entry.kind]} dibatalkan`, { duration: TOAST_MS });
      await queryClient.invalidateQueries(trpc.medicalRecords.pathFilter());
      await queryClient.invalidateQueries({ queryKey: ['rm-history'] });
      onOpenChange(false);
    } catch (err) {
      setRest(applyServerErrors(form, errorItems(err)));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Dialog open={!!entry} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-md" data-testid="void-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-3" noValidate>
          <DialogHeader>
            <DialogTitle>Batalkan {entry ? RM_KIND_LABEL[entry.kind] : ''}</DialogTitle>
            <DialogDescription>Entri tidak dihapus: tetap tampil dicoret dengan alasannya.</DialogDescription>
          </DialogHeader>
          <FormField label="Alasan pembatalan" htmlFor="void-reason" error={form.formState.errors.reason} required>
            <Textarea id="void-reason" rows={2} {...form.register('reason')} />
          </FormField>
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => onOpenChange(false)} submitTestId="void-save" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
