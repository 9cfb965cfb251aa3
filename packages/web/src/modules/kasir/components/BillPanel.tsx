import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import {
  coveredSlots,
  formatDate,
  formatRupiah,
  fromSen,
  LINE_KINDS,
  sumSen,
  toSen,
  visitPayInput,
  type BillDto,
  type PaymentResultDto,
  type SettleResultDto,
  type VisitPayInput,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { DataTable, type Column } from '../../../components/DataTable';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { PayStatusBadge } from '../../../components/PayStatusBadge';
import { PaymentPanel, tenderIssues, tenderRowError, tendersOf, unplacedErrors, type TenderRow } from './PaymentPanel';
import { fieldOf, MoneyInput, typedRupiahSen } from './MoneyInput';
import { PaidCard, ReceiptActions } from './Receipts';
import { BillPayments, SettlePanel } from './SettlePanel';

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

/** A visit's bill: its lines, discounts, the package switch and the payment (or its payments and pelunasan). */
export function BillPanel({
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
  const trpc = useTRPC();
  const bill = useQuery({
    ...trpc.kasir.bill.queryOptions({ visit, use_paket: usePaket }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const pay = useMutation({
    ...trpc.kasir.pay.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: (r) => {
      if ('pending' in r) setPending(r.message);
      else {
        setResult(r);
        // The bill read again: its status is now 'Lunas' (or 'Belum Lunas' for a part payment).
        void qc.invalidateQueries({ queryKey: trpc.kasir.bill.queryKey({ visit }) });
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
          onSubmit={(e) =>
            void handleSubmit((data) =>
              // The slots this bill covered: a slot gone to another visit meanwhile refuses the payment (reload the
              // bill) instead of charging the line.
              pay.mutate({ ...data, visit, use_paket: usePaket, paket_slots: coveredSlots(b), idempotency_key: key }),
            )(e)
          }
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
