import * as React from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatRupiah, labCorrectionInput, labInput } from '@klinik/shared';
import { useTRPCClient } from '../../../../lib/trpc';
import { FormDialogFooter } from '../../../../components/FormDialogFooter';
import { Combobox } from '../../../../components/ui/combobox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { type EntryDialogProps, useEntrySave, ReasonField, s, type Option } from './entry-dialog';

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
