import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatRupiah,
  fromSen,
  isPostableJournal,
  jurnalFormInput,
  ledgerTotals,
  MSG,
  typedSen,
  type ErrorItem,
  type JurnalFormLine,
  type JurnalFormValues,
  type JurnalFormOutput,
} from '@klinik/shared';
import { toast } from 'sonner';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
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
import { useActivePeriod } from '../lib';
import { liveIssues } from '../../../lib/live-issues';
import { useBranchToday } from '../../../lib/branch-today';
import { AkunPicker, usePostableAccounts } from './AkunPicker';

const emptyLine = (): JurnalFormLine => ({ akun: '', description: '', debit: '', credit: '' });

/** Whether the user has typed anything that closing the form would throw away. */
export function journalDirty(v: {
  code: string;
  memo: string;
  details: { akun: unknown; description: string; debit: unknown; credit: unknown }[];
}): boolean {
  return (
    !!v.code.trim() ||
    !!v.memo.trim() ||
    v.details.some((r) => !!r.akun || !!r.description.trim() || !!r.debit || !!r.credit)
  );
}

/**
 * The 'Jurnal Umum Baru' form (full-screen dialog from the finance 'Baru' menu, or the /finance/createjurnalumum page),
 * on react-hook-form and the shared `jurnalFormInput` (spec 5 "Journal": Save disabled unless an active period
 * exists, there is at least one line, every line with an account has an amount, and debit equals credit, not zero).
 */
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
  // Today in the branch's own time zone (WIB, WITA or WIT), not Jakarta's (issue 9 item 4).
  const today = useBranchToday();
  const form = useForm<JurnalFormValues, unknown, JurnalFormOutput>({
    resolver: zodResolver(jurnalFormInput),
    defaultValues: { code: '', transaction_at: today, memo: '', details: [emptyLine(), emptyLine()] },
  });
  const { control, register, handleSubmit, setValue, watch } = form;
  const lines = useFieldArray({ control, name: 'details' });
  const [errors, setErrors] = React.useState<ErrorItem[] | null>(null);
  // One Idempotency-Key per journal being written: a retried or double-clicked save stores it once.
  const [key, setKey] = React.useState(newIdempotencyKey);
  const save = useMutation(
    trpc.finance.jurnal.create.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (res) => {
        setKey(newIdempotencyKey());
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
  const values = useWatch({ control }) as JurnalFormValues;
  const details = values.details ?? [];
  const check = liveIssues(jurnalFormInput, values);
  // The totals row and the balance icon: the shared sums of the rows that have an account.
  const totals = ledgerTotals(
    details.filter((l) => l.akun).map((l) => ({ debit: typedSen(l.debit), credit: typedSen(l.credit) })),
  );
  const balanced = isPostableJournal(totals);
  const can = !!period && check.ok && !save.isPending;
  const dirty = journalDirty({ code: values.code ?? '', memo: values.memo ?? '', details });
  React.useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  // A server error is about what was sent: once the user changes the form it is stale and goes away (issue 16).
  React.useEffect(() => {
    const sub = watch(() => setErrors(null));
    return () => sub.unsubscribe();
  }, [watch]);
  const serverAt = (prefix: string) => errors?.find((e) => e.field?.startsWith(prefix))?.message;
  const listed = errors?.filter((e) => !/^details\.\d+\./.test(e.field ?? '')) ?? null;
  const accountOf = (code: string) => (code ? ((accounts.data ?? []).find((a) => a.code === code) ?? null) : null);

  const submit = handleSubmit((data) => {
    if (!can) return;
    setErrors(null);
    save.mutate({ ...data, idempotency_key: key });
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex min-h-0 flex-1 flex-col gap-4"
      data-testid="jurnal-umum-form"
      noValidate
    >
      {loaded && !period ? (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
          {MSG.noActivePeriod}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          label="Kode"
          htmlFor="ju-code"
          description="Kosongkan untuk penomoran otomatis"
          error={check.at('code') ?? serverAt('code')}
        >
          <Input
            id="ju-code"
            maxLength={60}
            placeholder="Otomatis"
            aria-invalid={!!(check.at('code') ?? serverAt('code'))}
            aria-describedby="ju-code-error"
            {...register('code')}
          />
        </FormField>
        <FormField
          label="Tanggal Transaksi"
          htmlFor="ju-date"
          required
          error={check.at('transaction_at') ?? serverAt('transaction_at')}
        >
          <Controller
            control={control}
            name="transaction_at"
            render={({ field }) => (
              <DateInput
                id="ju-date"
                value={field.value}
                min={period?.start_date}
                onChange={field.onChange}
                required
                aria-invalid={!!(check.at('transaction_at') ?? serverAt('transaction_at'))}
                aria-describedby="ju-date-error"
              />
            )}
          />
        </FormField>
        <FormField label="Memo" htmlFor="ju-memo" error={check.at('memo') ?? serverAt('memo')}>
          <Input
            id="ju-memo"
            maxLength={1000}
            placeholder="Keterangan jurnal"
            aria-invalid={!!(check.at('memo') ?? serverAt('memo'))}
            aria-describedby="ju-memo-error"
            {...register('memo')}
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
            {lines.fields.map((f, i) => {
              const line = details[i] ?? emptyLine();
              // The line's message next to it: the form's own check first, else what the server said of it.
              const message =
                check.at(`details.${i}.debit`) ??
                check.at(`details.${i}.credit`) ??
                check.at(`details.${i}.description`) ??
                serverAt(`details.${i}.`);
              const errorId = `ju-line-${i}-error`;
              return (
                <React.Fragment key={f.id}>
                  <TableRow data-testid={`ju-line-${i}`} className={message ? 'border-b-0' : undefined}>
                    <TableCell>
                      <AkunPicker
                        id={`ju-akun-${i}`}
                        accounts={accounts.data ?? []}
                        value={accountOf(line.akun)}
                        invalid={!!serverAt(`details.${i}.akun`)}
                        onChange={(a) => {
                          setValue(`details.${i}.akun`, a ? a.code : '', { shouldDirty: true });
                          if (!a) {
                            setValue(`details.${i}.debit`, '', { shouldDirty: true });
                            setValue(`details.${i}.credit`, '', { shouldDirty: true });
                          }
                        }}
                      />
                    </TableCell>
                    <TableCell>
                      <Input aria-label={`Keterangan baris ${i + 1}`} {...register(`details.${i}.description`)} />
                    </TableCell>
                    {(['debit', 'credit'] as const).map((side) => {
                      const other = side === 'debit' ? 'credit' : 'debit';
                      const field = register(`details.${i}.${side}`);
                      return (
                        <TableCell key={side}>
                          <Input
                            aria-label={`${side === 'debit' ? 'Debit' : 'Kredit'} baris ${i + 1}`}
                            data-testid={`ju-${side}-${i}`}
                            inputMode="decimal"
                            className="text-right"
                            disabled={!line.akun}
                            aria-invalid={!!message}
                            aria-describedby={message ? errorId : undefined}
                            {...field}
                            onChange={(e) => {
                              // A line is one-sided: typing one amount clears the other.
                              if (e.target.value) setValue(`details.${i}.${other}`, '', { shouldDirty: true });
                              void field.onChange(e);
                            }}
                          />
                        </TableCell>
                      );
                    })}
                    <TableCell>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Hapus baris ${i + 1}`}
                        disabled={lines.fields.length <= 1}
                        onClick={() => lines.remove(i)}
                      >
                        <Trash2 />
                      </Button>
                    </TableCell>
                  </TableRow>
                  {message ? (
                    <TableRow className="hover:bg-transparent">
                      <TableCell colSpan={5} className="pt-0">
                        <p
                          id={errorId}
                          role="alert"
                          data-testid={`ju-line-error-${i}`}
                          className="text-xs font-medium text-destructive"
                        >
                          {message}
                        </p>
                      </TableCell>
                    </TableRow>
                  ) : null}
                </React.Fragment>
              );
            })}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell>
                <Button variant="outline" size="sm" onClick={() => lines.append(emptyLine(), { shouldFocus: false })}>
                  <Plus /> Tambah Baris
                </Button>
              </TableCell>
              <TableCell className="text-right font-semibold">Total</TableCell>
              <TableCell className="text-right font-semibold" data-testid="ju-total-debit">
                {formatRupiah(fromSen(totals.debit))}
              </TableCell>
              <TableCell className="text-right font-semibold" data-testid="ju-total-credit">
                {formatRupiah(fromSen(totals.credit))}
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
      <ErrorList items={listed} />
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
