import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hutangVoidInput, type ErrorItem } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Textarea } from '../../../components/ui/textarea';
import { newIdempotencyKey } from '../lib';

/**
 * 'Ajukan Pembatalan': the void of a payment transaction or a tax deposit (both payables payments) goes through the
 * approval engine ('hutang.void_payment'); a second person approves it in /confirmation, then the stored journal
 * lines are reversed and the items open again.
 */
export function VoidPaymentDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: { id: number; code: string } | null;
  onClose: () => void;
  /** After the request (e.g. refresh the tax masa). */
  onDone?: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [reason, setReason] = React.useState('');
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const [done, setDone] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!payment) return;
    setReason('');
    setErrors([]);
    setDone(null);
    setKey(newIdempotencyKey());
  }, [payment]);
  const voidIt = useMutation(
    trpc.finance.hutang.void.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (r) => {
        setDone(
          'pending' in r
            ? 'Pengajuan pembatalan tersimpan dan menunggu persetujuan.'
            : 'Pembayaran dibatalkan; hutangnya terbuka kembali.',
        );
        await qc.invalidateQueries({ queryKey: trpc.finance.hutang.pathKey() });
        await onDone?.();
      },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!payment) return;
    const parsed = hutangVoidInput.safeParse({ reason });
    if (!parsed.success)
      return setErrors(parsed.error.issues.map((i) => ({ message: i.message, field: i.path.map(String).join('.') })));
    setErrors([]);
    voidIt.mutate({ id: payment.id, data: parsed.data, idempotency_key: key });
  };
  return (
    <Dialog open={!!payment} onOpenChange={(o) => !o && !voidIt.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Batalkan Pembayaran {payment?.code}</DialogTitle>
        </DialogHeader>
        {done ? (
          <div className="grid gap-3">
            <p className="text-sm">{done}</p>
            <div className="flex justify-end">
              <Button onClick={onClose}>Tutup</Button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-3" noValidate>
            <FormField
              label="Alasan"
              htmlFor="void-reason"
              error={errors.find((e) => e.field === 'reason')?.message}
              required
            >
              <Textarea id="void-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
            </FormField>
            <ErrorList items={errors.filter((e) => e.field !== 'reason')} />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Batal
              </Button>
              <Button type="submit" variant="destructive" disabled={voidIt.isPending}>
                Ajukan Pembatalan
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
