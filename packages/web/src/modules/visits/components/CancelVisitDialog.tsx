import * as React from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorItems } from '../../../lib/trpc';
import { visitStatusInput, type ErrorItem, type VisitDto } from '@klinik/shared';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Textarea } from '../../../components/ui/textarea';

interface Values {
  status: 'batal';
  reason: string;
}

/**
 * 'Batal' of a visit: the reason is required. Checked on the server's own `visitStatusInput` (status 'batal' needs a
 * reason: 'Alasan pembatalan wajib diisi'); the server's answers show next to the field too.
 */
export function CancelVisitDialog({
  visit,
  onOpenChange,
  onCancel,
}: {
  visit: VisitDto | null;
  onOpenChange: (open: boolean) => void;
  onCancel: (v: VisitDto, reason: string) => Promise<void>;
}) {
  const form = useForm<Values, unknown, z.output<typeof visitStatusInput>>({
    resolver: zodResolver(visitStatusInput) as unknown as Resolver<Values, unknown, z.output<typeof visitStatusInput>>,
    defaultValues: { status: 'batal', reason: '' },
  });
  const { register, handleSubmit, reset, formState } = form;
  const error = formState.errors.reason;
  const [rest, setRest] = React.useState<ErrorItem[]>([]);
  const [busy, setBusy] = React.useState(false);
  React.useEffect(() => {
    reset({ status: 'batal', reason: '' });
    setRest([]);
  }, [visit, reset]);
  const submit = handleSubmit(async (data) => {
    if (!visit) return;
    setBusy(true);
    try {
      await onCancel(visit, data.reason ?? '');
    } catch (err) {
      // The reason's answer goes next to it; everything else (a status refused, a stale row) is listed.
      const items = errorItems(err);
      const onReason = items.find((i) => i.field === 'reason');
      if (onReason) form.setError('reason', { type: 'server', message: onReason.message });
      setRest(items.filter((i) => i.field !== 'reason'));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Dialog open={!!visit} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-md" data-testid="cancel-visit-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Batalkan Kunjungan</DialogTitle>
            <DialogDescription>
              {visit ? `No. ${visit.queue_number} ${visit.customer.name} (${visit.doctor.name})` : ''}
            </DialogDescription>
          </DialogHeader>
          <FormField label="Alasan" htmlFor="visit-cancel-reason" error={error} required>
            <Textarea
              id="visit-cancel-reason"
              rows={3}
              aria-invalid={!!error}
              aria-describedby="visit-cancel-reason-error"
              {...register('reason')}
            />
          </FormField>
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
