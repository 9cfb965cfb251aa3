import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import {
  formatDate,
  formatRupiah,
  settleInput,
  type BillDto,
  type SettleInput,
  type SettleResultDto,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { ErrorList } from '../../../components/ui/error-list';
import { Button } from '../../../components/ui/button';
import { PaymentPanel, tenderIssues, tenderRowError, tendersOf, unplacedErrors, type TenderRow } from './PaymentPanel';
import { ReceiptActions } from './Receipts';

/** The shared settleInput over the tender rows sent. */
const settleResolver: Resolver<{ rows: TenderRow[] }, unknown, SettleInput> = (values, _ctx, options) => {
  const parsed = settleInput.safeParse({ payments: tendersOf(values.rows) });
  return parsed.success
    ? { values: parsed.data, errors: {} }
    : { values: {}, errors: toNestErrors(tenderIssues(parsed.error.issues, values.rows), options) };
};

/** Pelunasan: a further payment of what a partly paid bill still owes (cash may give change; never more). */
export function SettlePanel({
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
  const trpc = useTRPC();
  // One key per panel: a double click or a retry is one settlement (the second answers the first).
  const [key] = React.useState(newIdempotencyKey);
  const settle = useMutation({
    ...trpc.kasir.settle.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: onDone,
  });
  const errs = errorItems(settle.error);
  return (
    <form
      className="grid gap-2 rounded-md border p-3"
      data-testid="settle-panel"
      noValidate
      onSubmit={(e) => void handleSubmit((data) => settle.mutate({ id: payment, data, idempotency_key: key }))(e)}
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
export function BillPayments({ p }: { p: NonNullable<BillDto['payment']> }) {
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
