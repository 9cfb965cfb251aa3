import * as React from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import {
  bmiOf,
  bmiText,
  soapCorrectionInput,
  soapInput,
  VITAL_NAMES,
  VITAL_RANGES,
  type RmEntryDto,
  type VitalName,
} from '@klinik/shared';
import { FormDialogFooter } from '../../../../components/FormDialogFooter';
import { IcdPicker, type IcdOption } from '../../../../components/IcdPicker';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { type EntryDialogProps, useEntrySave, ReasonField, s } from './entry-dialog';

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
