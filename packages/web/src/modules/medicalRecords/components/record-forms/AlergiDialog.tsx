import * as React from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { alergiCorrectionInput, alergiInput } from '@klinik/shared';
import { FormDialogFooter } from '../../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { type EntryDialogProps, useEntrySave, ReasonField, s } from './entry-dialog';

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
