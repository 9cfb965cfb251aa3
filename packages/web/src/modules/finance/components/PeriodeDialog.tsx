import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  formatDate,
  formatRupiah,
  fromSen,
  ledgerTotals,
  MSG,
  toSen,
  type ErrorItem,
  type PeriodeDetailDto,
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
import { storePeriod, toSenSafe, useActivePeriod } from '../lib';
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
  const [start, setStart] = React.useState('');
  const [typed, setTyped] = React.useState<Record<number, { debit: string; credit: string }>>({});
  const [errors, setErrors] = React.useState<ErrorItem[] | null>(null);
  const periods = useQuery({ ...trpc.finance.periode.list.queryOptions({}), enabled: open, meta: { silent: true } });
  const balances = useQuery({
    ...trpc.finance.akun.list.queryOptions({ istypegroup: 0, status: 1, fromdate: start }),
    enabled: open && !!start,
    meta: { silent: true },
  });
  const first = periods.isSuccess && periods.data.length === 0;
  React.useEffect(() => {
    if (!open) {
      setStart('');
      setTyped({});
      setErrors(null);
    }
  }, [open]);

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

  const rows = balances.data ?? [];
  const shown = first ? rows : rows.filter((a) => a.debit || a.credit);
  const valueOf = (id: number, side: 'debit' | 'credit', fallback: number) =>
    first ? (typed[id]?.[side] ?? '') : String(fallback || '');
  const totals = ledgerTotals(
    rows.map((a) => ({
      debit: first ? toSenSafe(typed[a.id]?.debit) : toSen(a.debit),
      credit: first ? toSenSafe(typed[a.id]?.credit) : toSen(a.credit),
    })),
  );
  const loadedBalances = !!start && balances.isSuccess && rows.length > 0;
  const canSave = !period && loadedBalances && totals.balanced && !create.isPending;

  const submit = () => {
    setErrors(null);
    const saldo = rows
      .map((a) => ({
        akun: a.code,
        debit: first ? toSenSafe(typed[a.id]?.debit) / 100 : a.debit,
        credit: first ? toSenSafe(typed[a.id]?.credit) / 100 : a.credit,
      }))
      .filter((l) => l.debit || l.credit);
    create.mutate({ start_date: start, saldo_awal: JSON.stringify(saldo) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" data-testid="periode-dialog">
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
        <FormField label="Tanggal Mulai" htmlFor="periode-start" required>
          <DateInput id="periode-start" value={start} onChange={setStart} required />
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
                  shown.map((a) => (
                    <TableRow key={a.id}>
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
                              value={valueOf(a.id, side, 0)}
                              onChange={(e) =>
                                setTyped((t) => ({
                                  ...t,
                                  [a.id]: { ...(t[a.id] ?? { debit: '', credit: '' }), [side]: e.target.value },
                                }))
                              }
                            />
                          ) : (
                            formatRupiah(a[side])
                          )}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
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
        <ErrorList items={errors} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Batal
          </Button>
          <Button onClick={submit} disabled={!canSave} data-testid="periode-save">
            Simpan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
