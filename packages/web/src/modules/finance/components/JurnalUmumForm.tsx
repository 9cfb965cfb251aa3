import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Plus, Trash2 } from 'lucide-react';
import { formatRupiah, isPostableJournal, ledgerTotals, MSG, type AkunDto, type ErrorItem } from '@klinik/shared';
import { toast } from 'sonner';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { DateInput } from '../../../components/ui/date-input';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { toSenSafe, useActivePeriod } from '../lib';
import { useBranchToday } from '../../../lib/branch-today';
import { AkunPicker, usePostableAccounts } from './AkunPicker';

interface Row {
  key: number;
  akun: AkunDto | null;
  description: string;
  debit: string;
  credit: string;
}

let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, akun: null, description: '', debit: '', credit: '' });

/**
 * Sums in sen of the rows that have an account; `zeroLines` are the (1-based) numbers of rows with an account but
 * neither a debit nor a credit amount: such a line says nothing, and the form will not save it (issue 16).
 */
export function journalTotals(rows: { akun: unknown; debit: string; credit: string }[]) {
  const lines = rows
    .map((r, i) => ({ n: i + 1, akun: r.akun, debit: toSenSafe(r.debit), credit: toSenSafe(r.credit) }))
    .filter((l) => !!l.akun);
  const t = ledgerTotals(lines);
  const zeroLines = lines.filter((l) => l.debit === 0 && l.credit === 0).map((l) => l.n);
  return { ...t, lines: lines.length, zeroLines };
}

/**
 * Spec 5 "Journal" rules: Save disabled unless an active period exists, there is at least one line, every line
 * with an account has an amount, and total debit equals total credit (and is not zero); the balance-check icon
 * shows when debit is nonzero and equal.
 */
export function canSaveJournal(hasPeriod: boolean, t: ReturnType<typeof journalTotals>): boolean {
  return hasPeriod && t.lines >= 1 && t.zeroLines.length === 0 && isPostableJournal(t);
}

/** Whether the user has typed anything that closing the form would throw away. */
export function journalDirty(v: {
  code: string;
  memo: string;
  rows: { akun: unknown; description: string; debit: string; credit: string }[];
}): boolean {
  return (
    !!v.code.trim() ||
    !!v.memo.trim() ||
    v.rows.some((r) => !!r.akun || !!r.description.trim() || !!r.debit || !!r.credit)
  );
}

/** The 'Jurnal Umum Baru' form (full-screen dialog from the finance 'Baru' menu, or the /finance/createjurnalumum page). */
export function JurnalUmumForm({
  onSaved,
  onCancel,
  onDirtyChange,
}: {
  onSaved: (target: string) => void;
  onCancel?: () => void;
  /** Told whether anything is typed, so the dialog can ask before Escape throws it away. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { period, loaded } = useActivePeriod();
  const accounts = usePostableAccounts();
  const [code, setCode] = React.useState('');
  // Today in the branch's own time zone (WIB, WITA or WIT), not Jakarta's (issue 9 item 4).
  const today = useBranchToday();
  const [date, setDate] = React.useState(today);
  const [memo, setMemo] = React.useState('');
  const [rows, setRows] = React.useState<Row[]>(() => [emptyRow(), emptyRow()]);
  const [errors, setErrors] = React.useState<ErrorItem[] | null>(null);
  const save = useMutation(
    trpc.finance.jurnal.create.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (res) => {
        toast.success(`Jurnal ${res.code} tersimpan`, { duration: TOAST_MS });
        onDirtyChange?.(false);
        await qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
        onSaved(res.target || '/finance/laporan/jurnal');
      },
      onError: (err) => {
        // Spec 8: journal save failures are logged; the form also lists the server's messages (spec 8, first item).
        console.error(err);
        setErrors(errorItems(err));
      },
    }),
  );
  const totals = journalTotals(rows);
  const balanced = isPostableJournal(totals);
  const can = canSaveJournal(!!period, totals) && !save.isPending;
  const dirty = journalDirty({ code, memo, rows });
  React.useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  // A server error is about what was sent: once the user changes the form it is stale and goes away (issue 16).
  const edited = () => {
    if (errors) setErrors(null);
  };
  const update = (key: number, patch: Partial<Row>) => {
    edited();
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!can) return;
    setErrors(null);
    save.mutate({
      code: code.trim(),
      transaction_at: date,
      memo: memo.trim(),
      details: rows
        .filter((r) => r.akun)
        .map((r) => ({
          akun: r.akun!.code,
          description: r.description.trim() || undefined,
          debit: toSenSafe(r.debit) / 100,
          credit: toSenSafe(r.credit) / 100,
        })),
    });
  };

  return (
    <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col gap-4" data-testid="jurnal-umum-form">
      {loaded && !period ? (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
          {MSG.noActivePeriod}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Kode" htmlFor="ju-code" description="Kosongkan untuk penomoran otomatis">
          <Input
            id="ju-code"
            value={code}
            onChange={(e) => {
              edited();
              setCode(e.target.value);
            }}
            maxLength={60}
            placeholder="Otomatis"
          />
        </FormField>
        <FormField label="Tanggal Transaksi" htmlFor="ju-date" required>
          <DateInput
            id="ju-date"
            value={date}
            min={period?.start_date}
            onChange={(iso) => {
              edited();
              setDate(iso);
            }}
            required
          />
        </FormField>
        <FormField label="Memo" htmlFor="ju-memo">
          <Input
            id="ju-memo"
            value={memo}
            onChange={(e) => {
              edited();
              setMemo(e.target.value);
            }}
            maxLength={1000}
            placeholder="Keterangan jurnal"
          />
        </FormField>
      </div>
      <div className="min-h-0 flex-1 overflow-auto rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-[32%]">Akun</TableHead>
              <TableHead>Keterangan</TableHead>
              <TableHead className="w-40 text-right">Debit</TableHead>
              <TableHead className="w-40 text-right">Kredit</TableHead>
              <TableHead className="w-10" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r, i) => (
              <TableRow key={r.key} data-testid={`ju-line-${i}`}>
                <TableCell>
                  <AkunPicker
                    id={`ju-akun-${i}`}
                    accounts={accounts.data ?? []}
                    value={r.akun}
                    onChange={(a) => update(r.key, a ? { akun: a } : { akun: null, debit: '', credit: '' })}
                  />
                </TableCell>
                <TableCell>
                  <Input
                    aria-label={`Keterangan baris ${i + 1}`}
                    value={r.description}
                    onChange={(e) => update(r.key, { description: e.target.value })}
                  />
                </TableCell>
                <TableCell>
                  <Input
                    aria-label={`Debit baris ${i + 1}`}
                    data-testid={`ju-debit-${i}`}
                    inputMode="decimal"
                    className="text-right"
                    disabled={!r.akun}
                    value={r.debit}
                    onChange={(e) =>
                      update(r.key, { debit: e.target.value, ...(e.target.value ? { credit: '' } : {}) })
                    }
                  />
                </TableCell>
                <TableCell>
                  <Input
                    aria-label={`Kredit baris ${i + 1}`}
                    data-testid={`ju-credit-${i}`}
                    inputMode="decimal"
                    className="text-right"
                    disabled={!r.akun}
                    value={r.credit}
                    onChange={(e) =>
                      update(r.key, { credit: e.target.value, ...(e.target.value ? { debit: '' } : {}) })
                    }
                  />
                </TableCell>
                <TableCell>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Hapus baris ${i + 1}`}
                    disabled={rows.length <= 1}
                    onClick={() => {
                      edited();
                      setRows((rs) => rs.filter((x) => x.key !== r.key));
                    }}
                  >
                    <Trash2 />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell>
                <Button variant="outline" size="sm" onClick={() => setRows((rs) => [...rs, emptyRow()])}>
                  <Plus /> Tambah Baris
                </Button>
              </TableCell>
              <TableCell className="text-right font-semibold">Total</TableCell>
              <TableCell className="text-right font-semibold" data-testid="ju-total-debit">
                {formatRupiah(totals.debit / 100)}
              </TableCell>
              <TableCell className="text-right font-semibold" data-testid="ju-total-credit">
                {formatRupiah(totals.credit / 100)}
              </TableCell>
              <TableCell>
                {balanced ? (
                  <CircleCheck className="size-5 text-success" aria-label="Seimbang" data-testid="ju-balanced" />
                ) : null}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </div>
      {totals.zeroLines.length > 0 ? (
        <p className="text-sm text-destructive" data-testid="ju-zero-lines">
          {totals.zeroLines.length === 1
            ? `Baris ${totals.zeroLines[0]}: isi debit atau kredit, atau hapus barisnya`
            : `Baris ${totals.zeroLines.join(', ')}: isi debit atau kredit, atau hapus barisnya`}
        </p>
      ) : null}
      <ErrorList items={errors} />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Batal
          </Button>
        ) : null}
        <Button type="submit" disabled={!can} data-testid="ju-save">
          Simpan
        </Button>
      </div>
    </form>
  );
}
