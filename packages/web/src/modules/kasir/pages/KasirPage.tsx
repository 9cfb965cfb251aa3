import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Controller,
  useController,
  useForm,
  useWatch,
  type Control,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  access,
  allows,
  formatDate,
  formatRupiah,
  LINE_KINDS,
  cicilanPayInput,
  visitPayInput,
  type VisitPayInput,
  MAX_RUPIAH,
  toSen,
  fromSen,
  sumSen,
  paymentVoidInput,
  sessionCloseInput,
  settleInput,
  sessionOpenInput,
  type BillDto,
  type CicilanDueDto,
  type CicilanPayInput,
  type ErrorItem,
  type PaymentDto,
  type PaymentResultDto,
  type PaymentVoidInput,
  type SessionCloseInput,
  type SessionDto,
  type SessionOpenInput,
  type SettleInput,
  type SettleResultDto,
  type VisitPayStatus,
  VISIT_PAY_STATUS,
} from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { api } from '../../../lib/api';
import { NotaFilters } from '../components/NotaFilters';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { DateInput } from '../../../components/ui/date-input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/textarea';
import {
  PaymentPanel,
  tenderIssues,
  tenderRowError,
  tendersOf,
  unplacedErrors,
  type TenderRow,
} from '../components/PaymentPanel';
import { thermalHtml } from '../components/thermal';
import { KasirSettings } from '../components/KasirSettings';
import { useSession } from '../../../app/auth';
import {
  markPrinted,
  newIdempotencyKey,
  printNota,
  paymentOf,
  payCicilan,
  payVisit,
  settlePayment,
  voidPayment,
} from '../api';
import { PayStatusBadge } from '../../../components/PayStatusBadge';
import { OptionSelect } from '../../../components/OptionSelect';

const fieldOf = (items: ErrorItem[]) => (f: string) => items.find((i) => i.field === f)?.message;

/** Prints the thermal receipt of a payment (58 or 80 mm) in a new window; a reprint is marked SALINAN. */
async function printThermal(id: number, width: 58 | 80) {
  const win = window.open('', '_blank', 'width=420,height=640');
  const [p, { copy }] = await Promise.all([paymentOf(id), markPrinted(id)]);
  const html = thermalHtml(p, { name: p.branchname, address: p.branchaddress, phone: p.branchphone }, width, copy);
  if (!win) return;
  win.document.open();
  win.document.write(html);
  win.document.close();
}

function ReceiptActions({ id }: { id: number }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => void printNota(id)}>
        Nota PDF
      </Button>
      <Button size="sm" variant="outline" onClick={() => void printThermal(id, 58)}>
        Struk 58 mm
      </Button>
      <Button size="sm" variant="outline" onClick={() => void printThermal(id, 80)}>
        Struk 80 mm
      </Button>
    </div>
  );
}

function PaidCard({ r }: { r: PaymentResultDto }) {
  return (
    <div className="grid gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm" data-testid="paid-card">
      <p>
        Pembayaran <b>{r.code}</b> tersimpan. Total {formatRupiah(r.total)}, dibayar {formatRupiah(r.paid)}, kembali{' '}
        <b data-testid="paid-change">{formatRupiah(r.change)}</b>
        {r.status === 'partly' ? ' (sebagian; sisa menjadi piutang pasien)' : ''}.
      </p>
      <ReceiptActions id={r.id} />
    </div>
  );
}

// ------------------------------------------------------------------------------------------------ session

/** Money typed at the till: digits and a decimal point only (what the inputs have always accepted). */
const moneyText = (v: string) => v.replace(/[^0-9.]/g, '');

/** A form's money field at the till: keeps only what moneyText allows, marked invalid while its field has an error. */
function MoneyInput<T extends FieldValues, O = T>({
  control,
  name,
  ...props
}: { control: Control<T, unknown, O>; name: FieldPath<T> } & Omit<
  React.ComponentProps<typeof Input>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'ref'
>) {
  const { field, fieldState } = useController<T, FieldPath<T>, O>({ control, name });
  return (
    <Input
      inputMode="decimal"
      aria-invalid={!!fieldState.error}
      {...props}
      name={field.name}
      ref={field.ref}
      value={field.value ?? ''}
      onBlur={field.onBlur}
      onChange={(e) => field.onChange(moneyText(e.target.value))}
    />
  );
}

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
        onSubmit={(e) => void handleSubmit((data) => (setServerErrors([]), open.mutate(data)))(e)}
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
  React.useEffect(() => {
    if (open) {
      // Counts start empty each time; the note stays as typed.
      reset({ counts: session.methods.map((m) => ({ method: m.method, amount: '' })), note: form.getValues('note') });
      setServerErrors([]);
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
            void handleSubmit((data) => (setServerErrors([]), close.mutate({ id: session.id, data })))(e)
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

// ------------------------------------------------------------------------------------------------ visit bill

/** Pelunasan: a further payment of what a partly paid bill still owes (cash may give change; never more). */
/** The shared settleInput over the tender rows sent. */
const settleResolver: Resolver<{ rows: TenderRow[] }, unknown, SettleInput> = (values, _ctx, options) => {
  const parsed = settleInput.safeParse({ payments: tendersOf(values.rows) });
  return parsed.success
    ? { values: parsed.data, errors: {} }
    : { values: {}, errors: toNestErrors(tenderIssues(parsed.error.issues, values.rows), options) };
};

function SettlePanel({
  payment,
  outstanding,
  onDone,
}: {
  payment: number;
  outstanding: number;
  onDone: (r: SettleResultDto) => void;
}) {
  const form = useForm<{ rows: TenderRow[] }, unknown, SettleInput>({
    resolver: settleResolver,
    defaultValues: { rows: [{ method: '', amount: '' }] },
  });
  const { control, handleSubmit, formState } = form;
  const [key] = React.useState(newIdempotencyKey);
  const settle = useMutation({
    mutationFn: (data: SettleInput) => settlePayment(payment, data, key),
    meta: { inlineErrors: true },
    onSuccess: onDone,
  });
  const errs = errorItems(settle.error);
  return (
    <form
      className="grid gap-2 rounded-md border p-3"
      data-testid="settle-panel"
      noValidate
      onSubmit={(e) => void handleSubmit((data) => settle.mutate(data))(e)}
    >
      <p className="text-sm font-semibold">Pelunasan sisa tagihan {formatRupiah(outstanding)}</p>
      <Controller
        control={control}
        name="rows"
        render={({ field }) => (
          <PaymentPanel
            due={outstanding}
            rows={field.value}
            onChange={field.onChange}
            fieldError={tenderRowError(formState.errors.rows, errs)}
          />
        )}
      />
      {formState.errors.rows?.message ? <ErrorList items={[{ message: formState.errors.rows.message }]} /> : null}
      <ErrorList items={unplacedErrors(errs)} />
      <Button type="submit" disabled={settle.isPending}>
        Bayar Pelunasan
      </Button>
    </form>
  );
}

/** What a paid bill received: the first payment, its settlements and what is left. */
function BillPayments({ p }: { p: NonNullable<BillDto['payment']> }) {
  return (
    <div className="grid gap-2 rounded-md border p-2 text-sm" data-testid="bill-payments">
      <div>
        Dibayar oleh {p.cashier} ({p.code}). <ReceiptActions id={p.id} />
      </div>
      {p.settlements.length ? (
        <table className="w-full text-xs">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th>Pelunasan</th>
              <th>Tanggal</th>
              <th>Kasir</th>
              <th className="text-right">Jumlah</th>
            </tr>
          </thead>
          <tbody>
            {p.settlements.map((x) => (
              <tr key={x.id} className={x.status === 'void' ? 'text-muted-foreground line-through' : undefined}>
                <td className="font-mono">{x.code}</td>
                <td>{formatDate(x.paid_date)}</td>
                <td>{x.cashier}</td>
                <td className="text-right tabular-nums">{formatRupiah(x.paid)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p>
        Total {formatRupiah(p.total)} · dibayar {formatRupiah(p.paid)} · sisa tagihan{' '}
        <b data-testid="bill-outstanding">{formatRupiah(p.outstanding)}</b>
      </p>
    </div>
  );
}

interface BillValues {
  /** Discount on the whole bill, rupiah as typed. */
  discount: string;
  /** Discount per line, keyed `${kind}:${ref}`, rupiah as typed. */
  lineDisc: Record<string, string>;
  rows: TenderRow[];
}
type BillBody = Omit<VisitPayInput, 'visit' | 'use_paket'>;

/** What the bill form sends besides the visit and the package switch: discounts given and the tender rows filled. */
function billBody(values: BillValues) {
  return {
    discount: values.discount === '' ? undefined : Number(values.discount),
    line_discounts: Object.entries(values.lineDisc)
      .filter(([, v]) => v !== '' && Number(v) > 0)
      .map(([k, v]) => ({ kind: k.split(':')[0], ref: Number(k.split(':')[1]), amount: Number(v) })),
    payments: tendersOf(values.rows),
  };
}

/**
 * The shared visitPayInput (the visit and the package switch come from the panel) over the bill form; a tender's
 * issue lands on its row, a line discount's on its line.
 */
const billResolver: Resolver<BillValues, unknown, BillBody> = (values, _ctx, options) => {
  const body = billBody(values);
  const parsed = visitPayInput.omit({ visit: true, use_paket: true }).safeParse(body);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const lineKeys = Object.entries(values.lineDisc)
    .filter(([, v]) => v !== '' && Number(v) > 0)
    .map(([k]) => k);
  const flat = tenderIssues(
    parsed.error.issues.filter((i) => i.path[0] !== 'line_discounts'),
    values.rows,
  );
  for (const issue of parsed.error.issues) {
    const [head, index] = issue.path;
    if (head !== 'line_discounts' || typeof index !== 'number') continue;
    flat[`lineDisc.${lineKeys[index]}`] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};

/** Rupiah as typed in the cashier's fields ('150000', '150000.50') in sen; unreadable counts as 0 until fixed. */
function typedRupiahSen(v: string): number {
  const n = Number(v || 0);
  return Number.isFinite(n) && Math.abs(n) <= MAX_RUPIAH ? toSen(n) : 0;
}

function BillPanel({
  visit,
  onDone,
  next,
}: {
  visit: number;
  onDone: () => void;
  /** After paying: the next patient waiting to pay (opens their bill), or null to close the dialog. */
  next: { label: string; go: () => void };
}) {
  const [usePaket, setUsePaket] = React.useState(true);
  const form = useForm<BillValues, unknown, BillBody>({
    resolver: billResolver,
    defaultValues: { discount: '', lineDisc: {}, rows: [{ method: '', amount: '' }] },
  });
  const { control, handleSubmit, formState } = form;
  const errors = formState.errors;
  const [key] = React.useState(newIdempotencyKey);
  const [result, setResult] = React.useState<PaymentResultDto | null>(null);
  const [pending, setPending] = React.useState<string | null>(null);
  const [settled, setSettled] = React.useState<SettleResultDto | null>(null);
  const qc = useQueryClient();
  // Always read afresh on opening: another cashier (or this one a moment ago) may have paid or settled the bill.
  const bill = useQuery({
    queryKey: ['kasir', 'bill', visit, usePaket],
    queryFn: async () =>
      (await api.get<{ data: BillDto }>(`/api/kasir/bill/${visit}`, { query: { use_paket: usePaket } })).data,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const pay = useMutation({
    mutationFn: (data: BillBody) => payVisit({ visit, use_paket: usePaket, ...data }, key),
    meta: { inlineErrors: true },
    onSuccess: (r) => {
      if ('pending' in r) setPending(r.message);
      else {
        setResult(r);
        // The bill read again: its status is now 'Lunas' (or 'Belum Lunas' for a part payment).
        void qc.invalidateQueries({ queryKey: ['kasir', 'bill', visit] });
        onDone();
      }
    },
  });
  const discount = useWatch({ control, name: 'discount' });
  const lineDisc = useWatch({ control, name: 'lineDisc' });
  const b = bill.data;
  const due = b
    ? fromSen(
        Math.max(
          0,
          toSen(b.total) - sumSen(Object.values(lineDisc ?? {}).map(typedRupiahSen)) - typedRupiahSen(discount ?? ''),
        ),
      )
    : 0;
  const errs = errorItems(pay.error);
  const rowError = tenderRowError(errors.rows, errs);
  if (bill.isPending) return <p className="text-sm text-muted-foreground">Memuat tagihan…</p>;
  if (bill.error) return <ErrorList items={errorItems(bill.error)} />;
  if (!b) return null;
  const columns: Column<BillDto['lines'][number]>[] = [
    {
      key: 'name',
      header: 'Uraian',
      cell: (l) => (
        <div>
          <p>{l.name}</p>
          <p className="text-xs text-muted-foreground">
            {LINE_KINDS[l.kind]}
            {l.covered_label ? ` · ditanggung ${l.covered_label}` : ''}
          </p>
        </div>
      ),
    },
    { key: 'qty', header: 'Qty', kind: 'number', cell: (l) => l.qty },
    { key: 'price', header: 'Harga', kind: 'number', priority: 2, cell: (l) => formatRupiah(l.price) },
    {
      key: 'discount',
      header: 'Diskon',
      kind: 'number',
      cell: (l) =>
        l.covered_by_paket || b.payment ? (
          formatRupiah(l.discount)
        ) : (
          <div>
            <MoneyInput
              control={control}
              name={`lineDisc.${l.kind}:${l.ref}`}
              aria-label={`Diskon ${l.name}`}
              className="h-8 w-28 text-right"
            />
            {errors.lineDisc?.[`${l.kind}:${l.ref}`] ? (
              <p className="text-xs text-destructive">{errors.lineDisc[`${l.kind}:${l.ref}`]?.message}</p>
            ) : null}
          </div>
        ),
    },
    {
      key: 'total',
      header: 'Jumlah',
      kind: 'number',
      // The line after the discount typed on it (issue 26 item 4), as it will be paid.
      cell: (l) =>
        l.covered_by_paket
          ? `${formatRupiah(0)} (paket)`
          : formatRupiah(
              b.payment
                ? l.total
                : fromSen(Math.max(0, toSen(l.total) - typedRupiahSen(lineDisc?.[`${l.kind}:${l.ref}`] ?? ''))),
            ),
    },
  ];
  return (
    <div className="grid gap-3" data-testid="bill-panel">
      <div className="text-sm">
        <b>{b.visit.customer.name}</b> ({b.visit.customer.username}) · {b.visit.code} · {formatDate(b.visit.visit_date)}{' '}
        · {b.visit.doctor.name}
      </div>
      <div className="flex items-center gap-2 text-sm">
        Status pembayaran: <PayStatusBadge status={b.pay_status} />
      </div>
      {b.payment ? <BillPayments p={b.payment} /> : null}
      {settled ? (
        <div
          className="grid gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm"
          data-testid="settled-card"
        >
          <p>
            Pelunasan <b>{settled.code}</b> tersimpan: dibayar {formatRupiah(settled.paid)}, kembali{' '}
            <b data-testid="settled-change">{formatRupiah(settled.change)}</b>, sisa tagihan{' '}
            {formatRupiah(settled.outstanding)}.
          </p>
          <ReceiptActions id={settled.id} />
        </div>
      ) : null}
      {b.payment && b.payment.outstanding > 0 ? (
        <SettlePanel
          key={b.payment.settlements.length}
          payment={b.payment.id}
          outstanding={b.payment.outstanding}
          onDone={(r) => {
            setSettled(r);
            void bill.refetch();
            onDone();
          }}
        />
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <Switch
          checked={usePaket}
          onCheckedChange={setUsePaket}
          disabled={!!b.payment || !!result}
          aria-label="Gunakan slot paket"
        />
        Gunakan slot paket pasien
      </label>
      <DataTable
        columns={columns}
        rows={b.lines}
        rowKey={(l) => `${l.kind}:${l.ref}`}
        paginate={false}
        emptyText="Tidak ada tagihan"
      />
      {result || (settled && settled.outstanding === 0) ? (
        <Button type="button" className="justify-self-end" onClick={next.go} data-testid="bill-next">
          {next.label}
        </Button>
      ) : null}
      {result ? (
        <PaidCard r={result} />
      ) : b.payment ? null : (
        <form
          className="grid gap-3 md:grid-cols-2"
          noValidate
          onSubmit={(e) => void handleSubmit((data) => pay.mutate(data))(e)}
        >
          <div className="grid content-start gap-2">
            <FormField
              label="Diskon Tagihan"
              htmlFor="bill-discount"
              error={errors.discount?.message ?? fieldOf(errs)('discount')}
            >
              <MoneyInput control={control} name="discount" id="bill-discount" />
            </FormField>
            <p className="text-sm">
              Total tagihan: <b data-testid="bill-total">{formatRupiah(due)}</b>
              {b.tax ? ` (termasuk PPN ${formatRupiah(b.tax)})` : ''}
            </p>
          </div>
          <div className="grid gap-2">
            <Controller
              control={control}
              name="rows"
              render={({ field }) => (
                <PaymentPanel due={due} rows={field.value} onChange={field.onChange} fieldError={rowError} />
              )}
            />
            {errors.rows?.message ? <ErrorList items={[{ message: errors.rows.message }]} /> : null}
            {pending ? <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm">{pending}</p> : null}
            <ErrorList items={unplacedErrors(errs, /^discount$/)} />
            <Button type="submit" disabled={pay.isPending}>
              Bayar
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function VisitTab() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const qc = useQueryClient();
  const [date, setDate] = React.useState('');
  const [keyword, setKeyword] = React.useState('');
  const [paystatus, setPaystatus] = React.useState<VisitPayStatus | ''>('');
  const [selected, setSelected] = React.useState<number | null>(null);
  // 'Belum Lunas' lists the patients' receivables of every date; the other filters keep to the visit date.
  const allDates = paystatus === 'belum_lunas';
  const q = useQuery({
    ...trpc.kasir.queue.queryOptions({
      date: allDates ? undefined : date || today,
      paystatus: paystatus || undefined,
      keyword: keyword.trim() || undefined,
    }),
    meta: { inlineErrors: true },
  });
  type Row = NonNullable<typeof q.data>[number];
  // After a payment the dialog offers the next patient of the queue who has not paid yet.
  const waiting = q.data?.find((r) => r.id !== selected && r.pay_status === 'belum_dibayar');
  const nextPatient = waiting
    ? { label: `Pasien Berikutnya: ${waiting.customer.name}`, go: () => setSelected(waiting.id) }
    : { label: 'Selesai', go: () => setSelected(null) };
  const columns: Column<Row>[] = [
    { key: 'code', header: 'Kunjungan', cell: (r) => <span className="font-mono text-xs">{r.code}</span>, priority: 2 },
    {
      key: 'customer',
      header: 'Pasien',
      primary: true,
      cell: (r) => (
        <div>
          <p>{r.customer.name}</p>
          <p className="text-xs text-muted-foreground">NO RM. {r.customer.username}</p>
        </div>
      ),
    },
    { key: 'doctorname', header: 'Dokter', priority: 3 },
    {
      key: 'payment',
      header: 'Status',
      cell: (r) => (
        <div className="flex flex-col gap-1">
          <PayStatusBadge status={r.pay_status} />
          {r.payment ? (
            <span className="text-xs text-muted-foreground">
              {r.payment.code}
              {r.payment.outstanding > 0 ? ` · sisa ${formatRupiah(r.payment.outstanding)}` : ''}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'act',
      header: '',
      kind: 'action',
      cell: (r) => (
        <Button size="sm" variant={r.pay_status === 'lunas' ? 'outline' : 'default'} onClick={() => setSelected(r.id)}>
          {r.pay_status === 'lunas' ? 'Lihat' : r.pay_status === 'belum_lunas' ? 'Lunasi' : 'Bayar'}
        </Button>
      ),
    },
  ];
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-3">
        <FormField label="Tanggal Kunjungan" htmlFor="queue-date">
          {allDates ? (
            <p className="py-2 text-sm text-muted-foreground">Semua tanggal (piutang pasien)</p>
          ) : (
            <DateInput id="queue-date" value={date || today} onChange={setDate} />
          )}
        </FormField>
        <FormField label="Status Pembayaran" htmlFor="queue-paystatus">
          <OptionSelect
            id="queue-paystatus"
            value={paystatus || 'all'}
            onValueChange={(v) => setPaystatus(v === 'all' ? '' : (v as VisitPayStatus))}
            options={[
              ['all', 'Semua'],
              ...(Object.keys(VISIT_PAY_STATUS) as VisitPayStatus[]).map((k) => [k, VISIT_PAY_STATUS[k]] as const),
            ]}
          />
        </FormField>
        <FormField label="Cari" htmlFor="queue-keyword">
          <Input
            id="queue-keyword"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder="Pasien, NO RM., kode kunjungan"
          />
        </FormField>
      </div>
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      <DataTable
        columns={columns}
        rows={q.data}
        rowKey={(r) => r.id}
        loading={q.isPending}
        emptyText="Belum ada kunjungan dengan rekam medis selesai"
      />
      <Dialog open={selected !== null} onOpenChange={(o) => (o ? null : setSelected(null))}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>Tagihan Kunjungan</DialogTitle>
            <DialogDescription>Tindakan, produk, resep dan BHP dari rekam medis kunjungan ini.</DialogDescription>
          </DialogHeader>
          {selected !== null ? (
            <BillPanel
              key={selected}
              visit={selected}
              onDone={() => void qc.invalidateQueries({ queryKey: trpc.kasir.pathKey() })}
              next={nextPatient}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

// ------------------------------------------------------------------------------------------------ cicilan

interface CicilanValues {
  amount: string;
  rows: TenderRow[];
}
type CicilanBody = Omit<CicilanPayInput, 'membership'>;

/**
 * The shared cicilanPayInput (the registration comes from the row chosen) over the amount and the tender rows sent
 * (rows left empty are not); an issue of a sent tender lands on the row it came from.
 */
const cicilanResolver: Resolver<CicilanValues, unknown, CicilanBody> = (values, _ctx, options) => {
  const parsed = cicilanPayInput.omit({ membership: true }).safeParse({
    amount: values.amount === '' ? undefined : Number(values.amount),
    payments: tendersOf(values.rows),
  });
  return parsed.success
    ? { values: parsed.data, errors: {} }
    : { values: {}, errors: toNestErrors(tenderIssues(parsed.error.issues, values.rows), options) };
};

function CicilanForm({ m, onDone }: { m: CicilanDueDto; onDone: () => void }) {
  const form = useForm<CicilanValues, unknown, CicilanBody>({
    resolver: cicilanResolver,
    defaultValues: { amount: String(m.due_now), rows: [{ method: '', amount: '' }] },
  });
  const { control, handleSubmit, formState } = form;
  const errors = formState.errors;
  const [key] = React.useState(newIdempotencyKey);
  const [result, setResult] = React.useState<PaymentResultDto | null>(null);
  const pay = useMutation({
    mutationFn: (data: CicilanBody) => payCicilan({ membership: m.membership, ...data }, key),
    meta: { inlineErrors: true },
    onSuccess: (r) => {
      setResult(r);
      onDone();
    },
  });
  const errs = errorItems(pay.error);
  const amount = useWatch({ control, name: 'amount' });
  const rowError = tenderRowError(errors.rows, errs);
  if (result) return <PaidCard r={result} />;
  return (
    <form
      className="grid gap-3 md:grid-cols-2"
      data-testid="cicilan-form"
      noValidate
      onSubmit={(e) => void handleSubmit((data) => pay.mutate(data))(e)}
    >
      <div className="grid content-start gap-2 text-sm">
        <p>
          <b>{m.customer.name}</b> · {m.code} · {m.paketname}
        </p>
        <table className="w-full text-xs">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th>Pembayaran</th>
              <th>Jatuh Tempo</th>
              <th className="text-right">Jumlah</th>
              <th className="text-right">Dibayar</th>
            </tr>
          </thead>
          <tbody>
            {m.cicilan.map((c) => (
              <tr key={c.seq}>
                <td>{c.seq === 0 ? 'Uang Muka' : `Cicilan ke-${c.seq}`}</td>
                <td>{formatDate(c.due_date)}</td>
                <td className="text-right tabular-nums">{formatRupiah(c.amount)}</td>
                <td className="text-right tabular-nums">{formatRupiah(c.paid_amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Sisa tagihan: <b>{formatRupiah(m.outstanding)}</b>
        </p>
        <FormField
          label="Jumlah Dibayar"
          htmlFor="cicilan-amount"
          error={errors.amount?.message ?? fieldOf(errs)('amount')}
        >
          <MoneyInput control={control} name="amount" id="cicilan-amount" />
        </FormField>
      </div>
      <div className="grid content-start gap-2">
        <Controller
          control={control}
          name="rows"
          render={({ field }) => (
            <PaymentPanel
              due={Number(amount || 0)}
              rows={field.value}
              onChange={field.onChange}
              fieldError={rowError}
            />
          )}
        />
        {errors.rows?.message ? <ErrorList items={[{ message: errors.rows.message }]} /> : null}
        <ErrorList items={unplacedErrors(errs, /^amount$/)} />
        <Button type="submit" disabled={pay.isPending}>
          Bayar Cicilan
        </Button>
      </div>
    </form>
  );
}

function CicilanTab() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [keyword, setKeyword] = React.useState('');
  const [selected, setSelected] = React.useState<CicilanDueDto | null>(null);
  const q = useQuery({
    ...trpc.kasir.cicilanDue.queryOptions({ keyword: keyword.trim() || undefined }),
    meta: { inlineErrors: true },
  });
  const columns: Column<CicilanDueDto>[] = [
    {
      key: 'customer',
      header: 'Pasien',
      primary: true,
      cell: (r) => (
        <div>
          <p>{r.customer.name}</p>
          <p className="text-xs text-muted-foreground">NO RM. {r.customer.username}</p>
        </div>
      ),
    },
    {
      key: 'code',
      header: 'Registrasi',
      priority: 2,
      cell: (r) => <span className="font-mono text-xs">{r.code}</span>,
    },
    { key: 'paketname', header: 'Paket', priority: 3 },
    { key: 'next_due_date', header: 'Jatuh Tempo', kind: 'date', cell: (r) => formatDate(r.next_due_date) },
    { key: 'outstanding', header: 'Sisa', kind: 'number', cell: (r) => formatRupiah(r.outstanding) },
    {
      key: 'act',
      header: '',
      kind: 'action',
      cell: (r) => (
        <Button size="sm" onClick={() => setSelected(r)}>
          Bayar
        </Button>
      ),
    },
  ];
  return (
    <div className="grid gap-3">
      <div className="rounded-lg border bg-card p-3">
        <FormField label="Cari pasien" htmlFor="cicilan-keyword">
          <Input
            id="cicilan-keyword"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder="Nama, NO RM., kode registrasi"
          />
        </FormField>
      </div>
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      <DataTable
        columns={columns}
        rows={q.data}
        rowKey={(r) => r.membership}
        loading={q.isPending}
        emptyText="Tidak ada cicilan paket yang belum lunas"
      />
      <Dialog open={selected !== null} onOpenChange={(o) => (o ? null : setSelected(null))}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>Pembayaran Paket</DialogTitle>
            <DialogDescription>Uang muka atau cicilan berikutnya; tidak boleh melebihi sisa tagihan.</DialogDescription>
          </DialogHeader>
          {selected ? (
            <CicilanForm
              key={selected.membership}
              m={selected}
              onDone={() => void qc.invalidateQueries({ queryKey: trpc.kasir.pathKey() })}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

// ------------------------------------------------------------------------------------------------ nota list

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
    mutationFn: (data: PaymentVoidInput) => voidPayment(p!.id, data.reason, key),
    meta: { inlineErrors: true },
    onSuccess: (r) => {
      setMsg('pending' in r ? r.message : 'Pembayaran dibatalkan dengan jurnal pembalik.');
      void qc.invalidateQueries({ queryKey: trpc.kasir.pathKey() });
    },
    onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
  });
  const submit = handleSubmit((data) => (setServerErrors([]), m.mutate(data)));
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

function PaymentList() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const [keyword, setKeyword] = React.useState('');
  const [page, setPage] = React.useState(1);
  const [limit, setLimit] = React.useState(20);
  const [voiding, setVoiding] = React.useState<PaymentDto | null>(null);
  const input = { page, limit, keyword: keyword.trim() || undefined, fromdate: from || today, todate: to || today };
  const q = useQuery({ ...trpc.kasir.payments.queryOptions(input), meta: { inlineErrors: true } });
  const columns: Column<PaymentDto>[] = [
    { key: 'code', header: 'No. Nota', cell: (r) => <span className="font-mono text-xs">{r.code}</span> },
    { key: 'paid_date', header: 'Tanggal', kind: 'date', priority: 3, cell: (r) => formatDate(r.paid_date) },
    { key: 'customer', header: 'Pasien', primary: true, cell: (r) => r.customer?.name ?? 'Umum' },
    { key: 'kindname', header: 'Jenis', priority: 3 },
    { key: 'cashier', header: 'Kasir', priority: 3, cell: (r) => r.cashier.name },
    { key: 'total', header: 'Total', kind: 'number', cell: (r) => formatRupiah(r.total) },
    {
      key: 'statusname',
      header: 'Status',
      cell: (r) => (r.void_pending ? `${r.statusname} (menunggu batal)` : r.statusname),
    },
    {
      key: 'act',
      header: '',
      kind: 'action',
      cell: (r) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="outline" onClick={() => void printNota(r.id)}>
            Nota
          </Button>
          <Button size="sm" variant="outline" onClick={() => void printThermal(r.id, 58)}>
            Struk
          </Button>
          {r.status !== 'void' && !r.void_pending ? (
            <Button size="sm" variant="ghost" onClick={() => setVoiding(r)}>
              Batal
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <div className="grid gap-3">
      <NotaFilters
        idPrefix="nota"
        today={today}
        from={from}
        to={to}
        keyword={keyword}
        onFrom={(v) => (setFrom(v), setPage(1))}
        onTo={(v) => (setTo(v), setPage(1))}
        onKeyword={(v) => (setKeyword(v), setPage(1))}
      />
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      <DataTable
        columns={columns}
        rows={q.data?.data}
        rowKey={(r) => r.id}
        loading={q.isPending}
        emptyText="Belum ada nota"
        pagination={{
          page,
          pageSize: limit,
          total: q.data?.count ?? 0,
          onPageChange: setPage,
          onPageSizeChange: setLimit,
        }}
      />
      <VoidDialog p={voiding} onClose={() => setVoiding(null)} />
    </div>
  );
}

// ------------------------------------------------------------------------------------------------ daily report

function ReportTab() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const [date, setDate] = React.useState('');
  const day = date || today;
  const q = useQuery({ ...trpc.kasir.daily.queryOptions({ date: day }), meta: { inlineErrors: true } });
  const r = q.data;
  return (
    <div className="grid gap-3" data-testid="kasir-report">
      <div className="flex flex-wrap items-end gap-2 rounded-lg border bg-card p-3 print:hidden">
        <FormField label="Tanggal" htmlFor="report-date">
          <DateInput id="report-date" value={day} onChange={setDate} />
        </FormField>
        <Button variant="outline" onClick={() => window.print()}>
          Cetak
        </Button>
        <Button asChild variant="outline">
          <a href={`/api/kasir/report/daily/export?date=${day}`}>Excel</a>
        </Button>
      </div>
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      {q.isPending ? <p className="text-sm text-muted-foreground">Memuat laporan…</p> : null}
      {r ? (
        <div className="grid gap-3 md:grid-cols-2">
          <section className="rounded-lg border p-3">
            <h3 className="mb-2 font-semibold">Per Kasir</h3>
            <DataTable
              columns={[
                { key: 'cashier', header: 'Kasir' },
                { key: 'count', header: 'Transaksi', kind: 'number' },
                { key: 'total', header: 'Total', kind: 'number', cell: (x) => formatRupiah(x.total) },
              ]}
              rows={r.byCashier}
              rowKey={(x) => x.cashier}
              paginate={false}
              emptyText="Belum ada pembayaran"
            />
          </section>
          <section className="rounded-lg border p-3">
            <h3 className="mb-2 font-semibold">Per Metode Pembayaran</h3>
            <DataTable
              columns={[
                { key: 'method', header: 'Metode' },
                { key: 'count', header: 'Transaksi', kind: 'number' },
                { key: 'amount', header: 'Jumlah', kind: 'number', cell: (x) => formatRupiah(x.amount) },
              ]}
              rows={r.byMethod}
              rowKey={(x) => x.method}
              paginate={false}
              emptyText="Belum ada pembayaran"
            />
          </section>
          <section className="rounded-lg border p-3 md:col-span-2">
            <h3 className="mb-2 font-semibold">Sesi Kasir · Total {formatRupiah(r.total)}</h3>
            <DataTable
              columns={[
                { key: 'cashier', header: 'Kasir', cell: (s: SessionDto) => s.cashier.name },
                {
                  key: 'status',
                  header: 'Status',
                  cell: (s: SessionDto) => (s.status === 'open' ? 'Terbuka' : 'Ditutup'),
                },
                {
                  key: 'expected_total',
                  header: 'Diharapkan',
                  kind: 'number',
                  cell: (s: SessionDto) => formatRupiah(s.expected_total),
                },
                {
                  key: 'counted_total',
                  header: 'Dihitung',
                  kind: 'number',
                  priority: 2,
                  cell: (s: SessionDto) => (s.status === 'closed' ? formatRupiah(s.counted_total) : '-'),
                },
                {
                  key: 'difference',
                  header: 'Selisih',
                  kind: 'number',
                  cell: (s: SessionDto) => (s.status === 'closed' ? formatRupiah(s.difference) : '-'),
                },
              ]}
              rows={r.sessions}
              rowKey={(s) => s.id}
              paginate={false}
              emptyText="Belum ada sesi"
            />
          </section>
        </div>
      ) : null}
    </div>
  );
}

/** /kasir/payment and /service/payment: the clinic cashier (bills of visits, package instalments, receipts, sessions). */
export default function KasirPage() {
  const trpc = useTRPC();
  const session = useQuery(trpc.kasir.currentSession.queryOptions());
  const canSet = allows(useSession(), access.feature('FINANCE_INCOME', 'manage'));
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Kasir Klinik" description="Tagihan kunjungan, cicilan paket, nota dan tutup kasir." />
      <SessionBar session={session.data} loading={session.isPending} />
      <Tabs defaultValue="visit">
        <TabsList className="print:hidden">
          <TabsTrigger value="visit">Tagihan Kunjungan</TabsTrigger>
          <TabsTrigger value="cicilan">Cicilan Paket</TabsTrigger>
          <TabsTrigger value="nota">Nota</TabsTrigger>
          <TabsTrigger value="report">Laporan Harian</TabsTrigger>
          {canSet ? <TabsTrigger value="setting">Pengaturan</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="visit">
          <VisitTab />
        </TabsContent>
        <TabsContent value="cicilan">
          <CicilanTab />
        </TabsContent>
        <TabsContent value="nota">
          <PaymentList />
        </TabsContent>
        <TabsContent value="report">
          <ReportTab />
        </TabsContent>
        {canSet ? (
          <TabsContent value="setting">
            <KasirSettings />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
