import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDate,
  formatRupiah,
  fromSen,
  ledgerTotals,
  MSG,
  periodeFormInput,
  typedSen,
  type ErrorItem,
  type PeriodeDetailDto,
  type PeriodeFormValues,
  type PeriodeFormOutput,
} from '@klinik/shared';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
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
import { storePeriod, useActivePeriod } from '../lib';
import { liveIssues } from '../../../lib/live-issues';
import { useBranchToday } from '../../../lib/branch-today';

/**
 * 'Periode Keuangan Baru' (spec 2.4, 4, 5): a start date loads the prior closing balances (GET akun?fromdate);
 * Save is disabled while there are none. The first period of a branch may type its opening balances (they must
 * balance); later periods open with the previous closing balances as they are.
 */
export function PeriodeDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCreated: (p: PeriodeDetailDto) => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { period } = useActivePeriod();
  const today = useBranchToday();
  const form = useForm<PeriodeFormValues, unknown, PeriodeFormOutput>({
    resolver: zodResolver(periodeFormInput),
    defaultValues: { start_date: '', saldo_awal: [] },
  });
  const { control, handleSubmit, reset, setValue, getValues, watch } = form;
  const values = useWatch({ control }) as PeriodeFormValues;
  const start = values.start_date ?? '';
  const [errors, setErrors] = React.useState<ErrorItem[] | null>(null);
  /** Opening balances typed on a first period, by account code. */
  const typed = React.useRef(new Map<string, { debit: string; credit: string }>());
  const periods = useQuery({ ...trpc.finance.periode.list.queryOptions({}), enabled: open, meta: { silent: true } });
  const balances = useQuery({
    ...trpc.finance.akun.list.queryOptions({ istypegroup: 0, status: 1, fromdate: start }),
    enabled: open && !!start,
    meta: { silent: true },
  });
  const first = periods.isSuccess && periods.data.length === 0;
  React.useEffect(() => {
    if (!open) {
      reset({ start_date: '', saldo_awal: [] });
      typed.current.clear();
      setErrors(null);
    }
  }, [open, reset]);
  // A server error is about what was sent: once the user changes the form it goes away.
  React.useEffect(() => {
    const sub = watch(() => setErrors(null));
    return () => sub.unsubscribe();
  }, [watch]);

  const rows = React.useMemo(() => balances.data ?? [], [balances.data]);
  // One line per loaded account: typed on the branch's first period (what was typed stays when the date changes),
  // otherwise the previous closing balances as they are.
  React.useEffect(() => {
    // What was typed for the accounts shown so far, kept while the lines of another date load.
    if (first) {
      for (const l of getValues('saldo_awal')) {
        // Numbers are balances carried from a previous period, never typed.
        if (typeof l.debit !== 'string' || typeof l.credit !== 'string') continue;
        if (l.debit !== '' || l.credit !== '') typed.current.set(l.akun, { debit: l.debit, credit: l.credit });
        else typed.current.delete(l.akun);
      }
    }
    setValue(
      'saldo_awal',
      rows.map((a) =>
        first
          ? {
              akun: a.code,
              debit: typed.current.get(a.code)?.debit ?? '',
              credit: typed.current.get(a.code)?.credit ?? '',
            }
          : { akun: a.code, debit: a.debit, credit: a.credit },
      ),
    );
  }, [rows, first, getValues, setValue]);

  const create = useMutation(
    trpc.finance.periode.create.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (p) => {
        storePeriod(p, today);
        toast.success(MSG.periodActivated(formatDate(p.start_date)), { duration: TOAST_MS });
        await qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
        onOpenChange(false);
        onCreated(p);
      },
      onError: (err) => setErrors(errorItems(err)),
    }),
  );

  const lines = values.saldo_awal ?? [];
  const indexOf = new Map(lines.map((l, i) => [l.akun, i]));
  const shown = first ? rows : rows.filter((a) => a.debit || a.credit);
  const check = liveIssues(periodeFormInput, values);
  const totals = ledgerTotals(lines.map((l) => ({ debit: typedSen(l.debit), credit: typedSen(l.credit) })));
  const loadedBalances = !!start && balances.isSuccess && rows.length > 0 && rows.every((a) => indexOf.has(a.code));
  const canSave = !period && loadedBalances && check.ok && !create.isPending;
  const serverAt = (field: string) => errors?.find((e) => e.field === field)?.message;
  const listed = errors?.filter((e) => e.field !== 'start_date') ?? null;
  const startError = check.at('start_date') !== 'Tanggal mulai wajib diisi' ? check.at('start_date') : undefined;

  const submit = handleSubmit((data) => {
    if (!canSave) return;
    setErrors(null);
    create.mutate(data);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" data-testid="periode-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Periode Keuangan Baru</DialogTitle>
            <DialogDescription>
              {first
                ? 'Periode pertama cabang ini: isi saldo awal setiap akun (debit dan kredit harus seimbang).'
                : 'Saldo awal diambil dari saldo akhir periode sebelumnya.'}
            </DialogDescription>
          </DialogHeader>
          {period ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
            >
              {MSG.periodBlocked}
            </p>
          ) : null}
          <FormField
            label="Tanggal Mulai"
            htmlFor="periode-start"
            required
            error={startError ?? serverAt('start_date')}
          >
            <Controller
              control={control}
              name="start_date"
              render={({ field }) => (
                <DateInput
                  id="periode-start"
                  value={field.value}
                  onChange={field.onChange}
                  required
                  aria-invalid={!!(startError ?? serverAt('start_date'))}
                  aria-describedby="periode-start-error"
                />
              )}
            />
          </FormField>
          {start ? (
            <div className="max-h-[45vh] overflow-auto rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Akun</TableHead>
                    <TableHead className="w-40 text-right">Debit</TableHead>
                    <TableHead className="w-40 text-right">Kredit</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {shown.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={3} className="py-6 text-center text-muted-foreground">
                        {balances.isLoading ? 'Memuat saldo...' : MSG.empty}
                      </TableCell>
                    </TableRow>
                  ) : (
                    shown.map((a) => {
                      const i = indexOf.get(a.code);
                      const line = i === undefined ? undefined : lines[i];
                      const message =
                        i === undefined
                          ? undefined
                          : (check.at(`saldo_awal.${i}.debit`) ?? check.at(`saldo_awal.${i}.credit`));
                      const errorId = `periode-line-${a.id}-error`;
                      return (
                        <React.Fragment key={a.id}>
                          <TableRow className={message ? 'border-b-0' : undefined}>
                            <TableCell>
                              <span className="font-mono text-xs">{a.code}</span> {a.name}
                            </TableCell>
                            {(['debit', 'credit'] as const).map((side) => (
                              <TableCell key={side} className="text-right">
                                {first ? (
                                  <Input
                                    aria-label={`${side === 'debit' ? 'Debit' : 'Kredit'} ${a.code}`}
                                    inputMode="decimal"
                                    className="text-right"
                                    value={String(line?.[side] ?? '')}
                                    aria-invalid={!!message}
                                    aria-describedby={message ? errorId : undefined}
                                    onChange={(e) => {
                                      if (i !== undefined)
                                        setValue(`saldo_awal.${i}.${side}`, e.target.value, { shouldDirty: true });
                                    }}
                                  />
                                ) : (
                                  formatRupiah(a[side])
                                )}
                              </TableCell>
                            ))}
                          </TableRow>
                          {message ? (
                            <TableRow className="hover:bg-transparent">
                              <TableCell colSpan={3} className="pt-0">
                                <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
                                  {message}
                                </p>
                              </TableCell>
                            </TableRow>
                          ) : null}
                        </React.Fragment>
                      );
                    })
                  )}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell className="font-semibold">Total</TableCell>
                    <TableCell className="text-right font-semibold">{formatRupiah(fromSen(totals.debit))}</TableCell>
                    <TableCell className="text-right font-semibold">{formatRupiah(fromSen(totals.credit))}</TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </div>
          ) : null}
          <ErrorList items={listed} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Batal
            </Button>
            <Button type="submit" disabled={!canSave} data-testid="periode-save">
              Simpan
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
