import * as React from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatRupiah, treatmentCorrectionInput, treatmentInput } from '@klinik/shared';
import { useTRPCClient } from '../../../../lib/trpc';
import { FormDialogFooter } from '../../../../components/FormDialogFooter';
import { IcdPicker, type IcdOption } from '../../../../components/IcdPicker';
import { OptionSelect } from '../../../../components/OptionSelect';
import { Combobox } from '../../../../components/ui/combobox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { type EntryDialogProps, useEntrySave, ReasonField, type Option, useStaff } from './entry-dialog';

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
