import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { RM_KIND_LABEL, voidInput, type ErrorItem, type RmEntryDto } from '@klinik/shared';
import { errorItems, TOAST_MS, useTRPC, useTRPCClient } from '../../../../lib/trpc';
import { FormDialogFooter } from '../../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../../components/ui/form';
import { Textarea } from '../../../../components/ui/textarea';
import { voidEntry } from './entry-api';

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
