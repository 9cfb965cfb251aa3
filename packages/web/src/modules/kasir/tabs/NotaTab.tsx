import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { paymentVoidInput, type ErrorItem, type PaymentDto, type PaymentVoidInput } from '@klinik/shared';
import { errorItems, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { NotaList, notaColumns, useNotaFilters } from '../components/NotaList';
import { printNota, printThermal } from '../print';

/** A void request of a payment: one key per opened dialog, so a retried or double-clicked request is one approval request. */
function VoidDialog({ p, onClose }: { p: PaymentDto | null; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [msg, setMsg] = React.useState<string | null>(null);
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  // One key per opened dialog: a retried or double-clicked request is one void request (one approval request).
  const [key, setKey] = React.useState(newIdempotencyKey);
  const form = useForm<{ reason: string }, unknown, PaymentVoidInput>({
    resolver: zodResolver(paymentVoidInput) as unknown as Resolver<{ reason: string }, unknown, PaymentVoidInput>,
    defaultValues: { reason: '' },
  });
  const { register, handleSubmit, reset, formState } = form;
  const m = useMutation({
    ...trpc.kasir.void.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: (r) => {
      setMsg('pending' in r ? r.message : 'Pembayaran dibatalkan dengan jurnal pembalik.');
      void qc.invalidateQueries({ queryKey: trpc.kasir.pathKey() });
    },
    onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
  });
  const submit = handleSubmit((data) => (setServerErrors([]), m.mutate({ id: p!.id, data, idempotency_key: key })));
  return (
    <Dialog
      open={p !== null}
      onOpenChange={(o) =>
        o ? null : (reset({ reason: '' }), setServerErrors([]), setMsg(null), setKey(newIdempotencyKey()), onClose())
      }
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Batalkan Pembayaran {p?.code}</DialogTitle>
          <DialogDescription>
            Pembatalan dilakukan dengan jurnal pembalik dan membutuhkan persetujuan.
          </DialogDescription>
        </DialogHeader>
        {msg ? (
          <p className="text-sm" data-testid="void-message">
            {msg}
          </p>
        ) : (
          <form id="void-form" noValidate onSubmit={(e) => void submit(e)}>
            <FormField label="Alasan" htmlFor="void-reason" error={formState.errors.reason}>
              <Textarea id="void-reason" aria-invalid={!!formState.errors.reason} {...register('reason')} />
            </FormField>
          </form>
        )}
        {serverErrors.length ? <ErrorList items={serverErrors} /> : null}
        <DialogFooter>
          {msg ? null : (
            <Button type="submit" form="void-form" variant="destructive" disabled={m.isPending}>
              Ajukan Pembatalan
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** 'Nota': this branch's payments of a date range, their prints and the void request. */
export function NotaTab() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const nota = useNotaFilters();
  const [voiding, setVoiding] = React.useState<PaymentDto | null>(null);
  const q = useQuery({ ...trpc.kasir.payments.queryOptions(nota.input), meta: { inlineErrors: true } });
  const columns = notaColumns({
    status: (r) => (r.void_pending ? `${r.statusname} (menunggu batal)` : r.statusname),
    actions: (r) => (
      <div className="flex justify-end gap-1">
        <Button size="sm" variant="outline" onClick={() => void printNota(client, r.id)}>
          Nota
        </Button>
        <Button size="sm" variant="outline" onClick={() => void printThermal(client, r.id, 58)}>
          Struk
        </Button>
        {r.status !== 'void' && !r.void_pending ? (
          <Button size="sm" variant="ghost" onClick={() => setVoiding(r)}>
            Batal
          </Button>
        ) : null}
      </div>
    ),
  });
  return (
    <div className="grid gap-3">
      <NotaList idPrefix="nota" state={nota} query={q} columns={columns} />
      <VoidDialog p={voiding} onClose={() => setVoiding(null)} />
    </div>
  );
}
