import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { formatDate, formatRupiah, MSG, type ErrorItem, type PeriodeDto } from '@klinik/shared';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { PeriodeDialog } from '../components/PeriodeDialog';
import { PERIOD_STORAGE_KEY, useFinanceManage } from '../lib';
import { useBranchToday } from '../../../lib/branch-today';
import { DateInput } from '../../../components/ui/date-input';

function SaldoTable({
  title,
  rows,
}: {
  title: string;
  rows: { akun_id: number; code: string; name: string; debit: number; credit: number }[];
}) {
  return (
    <div>
      <h3 className="mb-2 font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{MSG.empty}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Akun</TableHead>
              <TableHead className="text-right">Debit</TableHead>
              <TableHead className="text-right">Kredit</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.akun_id}>
                <TableCell>
                  <span className="font-mono text-xs">{r.code}</span> {r.name}
                </TableCell>
                <TableCell className="text-right">{formatRupiah(r.debit)}</TableCell>
                <TableCell className="text-right">{formatRupiah(r.credit)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

function PeriodeDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.finance.periode.get.queryOptions({ id: id ?? 0 }),
    enabled: id !== null,
    meta: { inlineErrors: true },
  });
  return (
    <Dialog open={id !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Periode {q.data ? formatDate(q.data.start_date) : ''}</DialogTitle>
          <DialogDescription>
            {q.data
              ? `${q.data.statusname}${q.data.end_date ? ` · ditutup per ${formatDate(q.data.end_date)}` : ''}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
        {q.data ? (
          <div className="grid max-h-[60vh] gap-4 overflow-auto">
            <SaldoTable title="Saldo Awal" rows={q.data.saldo_awal} />
            {q.data.status === 1 ? <SaldoTable title="Saldo Akhir" rows={q.data.saldo_akhir} /> : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** /finance/periode: the branch's periods, the active one closable (with confirmation), and 'Periode baru'. */
export default function PeriodePage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const manage = useFinanceManage();
  const list = useQuery({ ...trpc.finance.periode.list.queryOptions({}), meta: { silent: true } });
  const [creating, setCreating] = React.useState(false);
  const [detail, setDetail] = React.useState<number | null>(null);
  const [closing, setClosing] = React.useState<PeriodeDto | null>(null);
  const today = useBranchToday();
  const [endDate, setEndDate] = React.useState(today);
  const [errors, setErrors] = React.useState<ErrorItem[] | null>(null);
  const close = useMutation(
    trpc.finance.periode.close.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (p) => {
        try {
          localStorage.removeItem(PERIOD_STORAGE_KEY);
        } catch {
          // ignore
        }
        toast.success(`Periode ${formatDate(p.start_date)} ditutup per ${formatDate(p.end_date)}`, {
          duration: TOAST_MS,
        });
        setClosing(null);
        await qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
      },
      onError: (err) => setErrors(errorItems(err)),
    }),
  );
  const columns: Column<PeriodeDto>[] = [
    { key: 'start_date', header: 'Tanggal Mulai', kind: 'date', cell: (p) => formatDate(p.start_date) },
    { key: 'end_date', header: 'Tanggal Tutup', cell: (p) => (p.end_date ? formatDate(p.end_date) : '-') },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => <Badge variant={p.status === 0 ? 'success' : 'secondary'}>{p.statusname}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (p) => (
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="outline" onClick={() => setDetail(p.id)}>
            Saldo
          </Button>
          {manage && p.status === 0 ? (
            <Button
              size="sm"
              variant="destructive"
              data-testid="periode-close"
              onClick={() => {
                setErrors(null);
                setEndDate(today);
                setClosing(p);
              }}
            >
              Tutup Periode
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-5xl gap-2">
      <PageHeader
        title="Periode Keuangan"
        description="Satu periode aktif per cabang; jurnal hanya dapat diposting ke periode aktif."
        actions={manage ? <Button onClick={() => setCreating(true)}>Periode baru</Button> : null}
      />
      <NoPeriodBanner />
      <DataTable columns={columns} rows={list.data} rowKey={(p) => p.id} loading={list.isLoading} />
      <PeriodeDialog open={creating} onOpenChange={setCreating} onCreated={() => void navigate('/finance/periode')} />
      <PeriodeDetail id={detail} onClose={() => setDetail(null)} />
      <Dialog open={closing !== null} onOpenChange={(o) => (o ? undefined : setClosing(null))}>
        <DialogContent className="max-w-md" data-testid="periode-close-dialog">
          <DialogHeader>
            <DialogTitle>Tutup Periode</DialogTitle>
            <DialogDescription>
              Laba atau rugi dipindahkan ke Laba Ditahan, saldo akhir dikunci untuk periode berikutnya, dan tidak ada
              jurnal yang dapat diposting lagi ke periode ini. Lanjutkan?
            </DialogDescription>
          </DialogHeader>
          <FormField label="Tanggal Tutup" htmlFor="periode-end" required>
            <DateInput id="periode-end" value={endDate} min={closing?.start_date} onChange={setEndDate} />
          </FormField>
          <ErrorList items={errors} />
          <DialogFooter>
            <Button variant="outline" onClick={() => setClosing(null)}>
              Batal
            </Button>
            <Button
              variant="destructive"
              disabled={!endDate || close.isPending}
              data-testid="periode-close-confirm"
              onClick={() => closing && close.mutate({ id: closing.id, data: { end_date: endDate } })}
            >
              Ya, Tutup Periode
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
