import * as React from 'react';
import { errorItems } from '../../../lib/trpc';
import { type ErrorItem, type VisitDto } from '@klinik/shared';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Textarea } from '../../../components/ui/textarea';

/** 'Batal' of a visit: the reason is required (the server refuses without one, next to the field). */
export function CancelVisitDialog({
  visit,
  onOpenChange,
  onCancel,
}: {
  visit: VisitDto | null;
  onOpenChange: (open: boolean) => void;
  onCancel: (v: VisitDto, reason: string) => Promise<void>;
}) {
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [rest, setRest] = React.useState<ErrorItem[]>([]);
  const [busy, setBusy] = React.useState(false);
  React.useEffect(() => {
    setReason('');
    setError(null);
    setRest([]);
  }, [visit]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!visit) return;
    if (!reason.trim()) {
      setError('Alasan pembatalan wajib diisi');
      return;
    }
    setBusy(true);
    try {
      await onCancel(visit, reason.trim());
    } catch (err) {
      const items = errorItems(err);
      setError(items.find((i) => i.field === 'reason')?.message ?? null);
      setRest(items.filter((i) => i.field !== 'reason'));
    } finally {
      setBusy(false);
    }
  };
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
              value={reason}
              aria-invalid={!!error}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormField>
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
