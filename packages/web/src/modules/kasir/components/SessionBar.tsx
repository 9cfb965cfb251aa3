import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type FieldError, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDate,
  formatRupiah,
  fromSen,
  sessionCloseInput,
  sessionOpenInput,
  sumSen,
  toSen,
  type ErrorItem,
  type SessionCloseInput,
  type SessionDto,
  type SessionOpenInput,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
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
import { MoneyInput, typedRupiahSen } from './MoneyInput';

/** The shared sessionOpenInput over the float typed: empty is no float (the schema's 'Modal awal wajib diisi'). */
const openResolver: Resolver<{ opening_float: string }, unknown, SessionOpenInput> = (values, ctx, options) =>
  (zodResolver(sessionOpenInput) as unknown as Resolver<{ opening_float: string }, unknown, SessionOpenInput>)(
    { opening_float: values.opening_float === '' ? undefined : Number(values.opening_float) } as never,
    ctx,
    options,
  );

/** 'Buka Kasir': the opening float (uang tunai di laci). */
function OpenTillForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<{ opening_float: string }, unknown, SessionOpenInput>({
    resolver: openResolver,
    defaultValues: { opening_float: '' },
  });
  const { control, handleSubmit, reset, formState } = form;
  // One key per form shown: a double click opens the till once (the second answers the first session).
  const [key] = React.useState(newIdempotencyKey);
  const open = useMutation({
    ...trpc.kasir.openSession.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: () => {
      reset({ opening_float: '' });
      void qc.invalidateQueries({ queryKey: trpc.kasir.pathKey() });
    },
    onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
  });
  return (
    <>
      <form
        className="flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={(e) =>
          void handleSubmit((data) => (setServerErrors([]), open.mutate({ ...data, idempotency_key: key })))(e)
        }
      >
        <FormField label="Modal Awal" htmlFor="kasir-float" error={formState.errors.opening_float}>
          <MoneyInput control={control} name="opening_float" id="kasir-float" />
        </FormField>
        <Button type="submit" disabled={open.isPending}>
          Buka Kasir
        </Button>
      </form>
      {serverErrors.length ? <ErrorList items={serverErrors} /> : null}
    </>
  );
}

interface CloseValues {
  /** One per payment method of the session, in its order; an empty amount is not sent. */
  counts: { method: number; amount: string }[];
  note: string;
}

/** The shared sessionCloseInput over the counted amounts; an issue of a count lands on that method's field. */
const closeResolver: Resolver<CloseValues, unknown, SessionCloseInput> = (values, _ctx, options) => {
  const rowOf: number[] = [];
  const counts: { method: number; amount: number }[] = [];
  values.counts.forEach((c, i) => {
    if (c.amount === '') return;
    counts.push({ method: c.method, amount: Number(c.amount) });
    rowOf.push(i);
  });
  const parsed = sessionCloseInput.safeParse({ counts, note: values.note || null });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const issue of parsed.error.issues) {
    const [head, index] = issue.path;
    const name =
      head === 'counts' && typeof index === 'number' ? `counts.${rowOf[index] ?? 0}.amount` : String(head ?? 'root');
    flat[name] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};

/** 'Tutup Kasir': the money counted per payment method and a note; the difference with what is expected is kept. */
function CloseTillDialog({
  session,
  open,
  onOpenChange,
  onClosed,
}: {
  session: SessionDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onClosed: (s: SessionDto) => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<CloseValues, unknown, SessionCloseInput>({
    resolver: closeResolver,
    defaultValues: { counts: [], note: '' },
  });
  const { control, register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const counts = useWatch({ control, name: 'counts' });
  // One key per opened dialog: a double click closes the session once.
  const [key, setKey] = React.useState(newIdempotencyKey);
  React.useEffect(() => {
    if (open) {
      // Counts start empty each time; the note stays as typed.
      reset({ counts: session.methods.map((m) => ({ method: m.method, amount: '' })), note: form.getValues('note') });
      setServerErrors([]);
      setKey(newIdempotencyKey());
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const close = useMutation({
    ...trpc.kasir.closeSession.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: (s) => {
      onClosed(s);
      onOpenChange(false);
      void qc.invalidateQueries({ queryKey: trpc.kasir.pathKey() });
    },
    onError: (e) => setServerErrors(errorItems(e)),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) =>
            void handleSubmit(
              (data) => (setServerErrors([]), close.mutate({ id: session.id, data, idempotency_key: key })),
            )(e)
          }
        >
          <DialogHeader>
            <DialogTitle>Tutup Kasir</DialogTitle>
            <DialogDescription>
              Hitung uang per metode pembayaran tanpa melihat angka sistem: yang diharapkan tampil setelah hitungan
              diisi. Selisihnya dicatat.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            {session.methods.map((m, i) => {
              // Counted blind (issue 26 item 4): what the system expects shows only after the count is typed.
              const typed = counts?.[i]?.amount ?? '';
              const counted = typed.trim() === '' ? null : typedRupiahSen(typed);
              return (
                <FormField
                  key={m.method}
                  label={m.methodname}
                  htmlFor={`count-${m.method}`}
                  error={errors.counts?.[i]?.amount}
                  description={
                    counted === null
                      ? undefined
                      : `Diharapkan ${formatRupiah(m.expected)} · selisih ${formatRupiah(fromSen(counted - toSen(m.expected)))}`
                  }
                >
                  <MoneyInput control={control} name={`counts.${i}.amount`} id={`count-${m.method}`} />
                </FormField>
              );
            })}
            <FormField label="Catatan" htmlFor="close-note" error={errors.note}>
              <Textarea id="close-note" aria-invalid={!!errors.note} {...register('note')} />
            </FormField>
            {errors.counts?.message ? <ErrorList items={[{ message: errors.counts.message }]} /> : null}
            {serverErrors.length ? <ErrorList items={serverErrors} /> : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Batal
            </Button>
            <Button type="submit" disabled={close.isPending}>
              Simpan Tutup Kasir
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function SessionBar({ session, loading }: { session: SessionDto | null | undefined; loading: boolean }) {
  const [closing, setClosing] = React.useState(false);
  const [closed, setClosed] = React.useState<SessionDto | null>(null);
  if (loading) return <div className="rounded-lg border p-3 text-sm text-muted-foreground">Memuat sesi kasir…</div>;
  if (!session)
    return (
      <div className="grid gap-2 rounded-lg border bg-card p-3" data-testid="session-open-form">
        {closed ? (
          <p className="text-sm" data-testid="session-closed">
            Sesi ditutup. Diharapkan {formatRupiah(closed.expected_total)}, dihitung{' '}
            {formatRupiah(closed.counted_total)}, selisih <b>{formatRupiah(closed.difference)}</b>.
          </p>
        ) : null}
        <p className="text-sm">Kasir belum dibuka. Masukkan modal awal (uang tunai di laci) untuk membuka kasir.</p>
        <OpenTillForm />
      </div>
    );
  // The drawer holds cash only: the float plus the net cash taken (the cash method's expected); other methods apart.
  const cash = session.methods.filter((m) => m.type === 'tunai');
  const nonCash = session.methods.filter((m) => m.type !== 'tunai' && m.expected !== 0);
  const inDrawer = cash.length ? fromSen(sumSen(cash.map((m) => toSen(m.expected)))) : session.opening_float;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card p-3 text-sm"
      data-testid="session-bar"
    >
      <span>
        Kasir dibuka {formatDate(session.open_date)} oleh <b>{session.cashier.name}</b> · modal{' '}
        {formatRupiah(session.opening_float)} · diharapkan di laci{' '}
        <b data-testid="session-in-drawer">{formatRupiah(inDrawer)}</b>
        {nonCash.length ? (
          <span data-testid="session-non-cash">
            {' '}
            · non-tunai {nonCash.map((m) => `${m.methodname} ${formatRupiah(m.expected)}`).join(', ')}
          </span>
        ) : null}{' '}
        · {session.payment_count} transaksi
      </span>
      <Button variant="outline" size="sm" onClick={() => setClosing(true)}>
        Tutup Kasir
      </Button>
      <CloseTillDialog session={session} open={closing} onOpenChange={setClosing} onClosed={setClosed} />
    </div>
  );
}
