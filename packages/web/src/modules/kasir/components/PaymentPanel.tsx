import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FieldError } from 'react-hook-form';
import { formatRupiah, fromSen, sumSen, type ErrorItem } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { typedRupiahSen } from './MoneyInput';

export interface TenderRow {
  method: string;
  amount: string;
}

/** An amount typed in a tender row (or the amount due) in sen; unreadable counts as 0 until fixed. */
const sen = typedRupiahSen;

/**
 * Several payment methods for one bill: a method and an amount per row. Cash may exceed what is due (change);
 * shows what is paid, the change and what remains (a receivable when the bill allows it).
 */
export function PaymentPanel({
  due,
  rows,
  onChange,
  fieldError,
}: {
  due: number;
  rows: TenderRow[];
  onChange: (rows: TenderRow[]) => void;
  fieldError?: (field: string) => string | undefined;
}) {
  const trpc = useTRPC();
  const methods = useQuery(trpc.kasir.methods.queryOptions());
  const list = methods.data ?? [];
  const typeOf = (id: string) => list.find((m) => String(m.id) === id)?.type;
  const nonCash = sumSen(rows.filter((r) => typeOf(r.method) !== 'tunai').map((r) => sen(r.amount)));
  const cashIn = sumSen(rows.filter((r) => typeOf(r.method) === 'tunai').map((r) => sen(r.amount)));
  const dueSen = sen(due);
  const cashApplied = Math.min(cashIn, Math.max(0, dueSen - nonCash));
  const paid = nonCash + cashApplied;
  const change = cashIn - cashApplied;
  const rest = Math.max(0, dueSen - paid);
  const set = (i: number, patch: Partial<TenderRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const used = new Set(rows.map((r) => r.method));
  return (
    <div className="grid gap-2" data-testid="payment-panel">
      {rows.map((r, i) => (
        <div key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2">
          <div>
            <select
              aria-label={`Metode pembayaran ${i + 1}`}
              className="h-9 w-full rounded-md border bg-background px-2 text-sm"
              value={r.method}
              onChange={(e) => set(i, { method: e.target.value })}
            >
              <option value="">Pilih metode</option>
              {list.map((m) => (
                <option key={m.id} value={String(m.id)} disabled={used.has(String(m.id)) && r.method !== String(m.id)}>
                  {m.name}
                </option>
              ))}
            </select>
            {fieldError?.(`payments.${i}.method`) ? (
              <p className="text-xs text-destructive">{fieldError(`payments.${i}.method`)}</p>
            ) : null}
          </div>
          <div>
            <Input
              aria-label={`Jumlah pembayaran ${i + 1}`}
              inputMode="decimal"
              value={r.amount}
              onChange={(e) => set(i, { amount: e.target.value.replace(/[^0-9.]/g, '') })}
              placeholder="0"
            />
            {fieldError?.(`payments.${i}.amount`) ? (
              <p className="text-xs text-destructive">{fieldError(`payments.${i}.amount`)}</p>
            ) : null}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
            disabled={rows.length <= 1}
          >
            Hapus
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange([...rows, { method: '', amount: '' }])}
          disabled={rows.length >= list.length}
        >
          Tambah metode
        </Button>
      </div>
      {fieldError?.('payments') ? <p className="text-sm text-destructive">{fieldError('payments')}</p> : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-muted/50 p-2 text-sm">
        <dt>Tagihan</dt>
        <dd className="text-right tabular-nums">{formatRupiah(due)}</dd>
        <dt>Dibayar</dt>
        <dd className="text-right tabular-nums" data-testid="paid">
          {formatRupiah(fromSen(paid))}
        </dd>
        <dt>Kembali</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="change">
          {formatRupiah(fromSen(change))}
        </dd>
        <dt>Sisa</dt>
        <dd className="text-right tabular-nums">{formatRupiah(fromSen(rest))}</dd>
      </dl>
    </div>
  );
}

export function tendersOf(rows: TenderRow[]) {
  return rows
    .filter((r) => r.method || r.amount)
    .map((r) => ({ method: r.method ? Number(r.method) : '', amount: r.amount === '' ? '' : Number(r.amount) }));
}

/**
 * A shared payment schema's issues as form errors: `payments.<k>.<field>` goes back to the tender row k came from
 * (rows left empty are not sent, see tendersOf), `payments` itself to `rows`, anything else to its own path
 * (`items.0.qty`).
 */
export function tenderIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[],
  rows: TenderRow[],
): Record<string, FieldError> {
  const rowOf = rows.flatMap((r, i) => (r.method || r.amount ? [i] : []));
  const flat: Record<string, FieldError> = {};
  for (const issue of issues) {
    const [head, index, key] = issue.path;
    const name =
      head === 'payments'
        ? typeof index === 'number'
          ? `rows.${rowOf[index] ?? 0}.${String(key ?? 'amount')}`
          : 'rows'
        : issue.path.map(String).join('.') || 'root';
    flat[name] ??= { type: issue.code, message: issue.message };
  }
  return flat;
}

/** A tender row's error for PaymentPanel: the form's own first, then the server's (named payments.<i>.<field>). */
export function tenderRowError(rowErrors: unknown, serverErrors: ErrorItem[]) {
  return (f: string) => {
    const [, i, k] = f.split('.');
    const own = (rowErrors as Record<string, { message?: string }>[] | undefined)?.[Number(i)]?.[k ?? '']?.message;
    return own ?? serverErrors.find((e) => e.field === f)?.message;
  };
}

/**
 * The server's errors that no field of the form shows (`placed`: the fields that show their own, tender rows
 * `payments.N...` always), for the form's list; ErrorList renders nothing when none is left.
 */
export function unplacedErrors(serverErrors: ErrorItem[], placed?: RegExp): ErrorItem[] {
  return serverErrors.filter((e) => !e.field || !(/^payments\./.test(e.field) || placed?.test(e.field)));
}
