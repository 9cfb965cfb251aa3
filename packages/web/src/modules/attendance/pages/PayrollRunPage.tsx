import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Calculator, FilePenLine, FileSpreadsheet, RefreshCw, Trash2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import {
  PAYROLL_RUN_STATUS_LABELS,
  formatDate,
  formatRupiah,
  payrollRunInput,
  periodLabel,
  periodRange,
  type ErrorItem,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { schemaResolver, type FormValues } from '../components/SchemaForm';
import { PayslipButtons } from '../components/PayslipButtons';
import { RunDifferences } from '../components/RunDifferences';

const rp = (v: number) => formatRupiah(v);
const statusVariant = (s: number) => (s === 1 ? 'success' : s === 2 ? 'secondary' : 'warning');
const RUN_FIELDS = [
  { key: 'period', label: 'Periode', kind: 'text' as const },
  { key: 'group', label: 'Group Slip Gaji', kind: 'select' as const },
];

/**
 * /attendance/payroll/transaction ('Penggajian'): a monthly draft run per group computed from components, attendance,
 * BPJS and PPh 21; approving posts one journal and locks the run.
 */
export default function PayrollRunPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const groups = useQuery({ ...trpc.attendance.payroll.groups.list.queryOptions(), meta: { silent: true } });
  const runs = useQuery({ ...trpc.attendance.payroll.runs.list.queryOptions(), meta: { inlineErrors: true } });
  const [selected, setSelected] = React.useState<number | null>(null);
  const run = useQuery({
    ...trpc.attendance.payroll.runs.get.queryOptions({ id: selected ?? 0 }),
    enabled: selected !== null,
    meta: { inlineErrors: true },
  });
  const create = useMutation({
    ...trpc.attendance.payroll.runs.create.mutationOptions(),
    meta: { inlineErrors: true },
  });
  const approve = useMutation({
    ...trpc.attendance.payroll.runs.approve.mutationOptions(),
    meta: { inlineErrors: true },
  });
  const correct = useMutation({
    ...trpc.attendance.payroll.runs.correct.mutationOptions(),
    meta: { inlineErrors: true },
  });
  const recompute = useMutation({
    ...trpc.attendance.payroll.runs.recompute.mutationOptions(),
    meta: { inlineErrors: true },
  });
  const discard = useMutation({
    ...trpc.attendance.payroll.runs.discard.mutationOptions(),
    meta: { inlineErrors: true },
  });
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [correcting, setCorrecting] = React.useState(false);
  const [discarding, setDiscarding] = React.useState(false);
  const [approveErrors, setApproveErrors] = React.useState<ErrorItem[]>([]);
  const [confirming, setConfirming] = React.useState(false);

  const form = useForm<FormValues>({
    resolver: schemaResolver(payrollRunInput, RUN_FIELDS),
    defaultValues: { period: today.slice(0, 7), group: '' },
  });
  // A period whose attendance range reaches past today is computed from days not worked yet (issue 26 item 7):
  // the page asks first.
  const [early, setEarly] = React.useState<{ period: string; group: number; to: string } | null>(null);
  const compute = async (period: string, group: number) => {
    setServerErrors([]);
    try {
      const res = await create.mutateAsync({ period, group });
      setSelected(res.id);
      await qc.invalidateQueries({ queryKey: trpc.attendance.payroll.runs.pathKey() });
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  };
  const submit = form.handleSubmit(async (v) => {
    const period = String(v.period);
    const group = Number(v.group);
    const cutoff = groups.data?.find((g) => g.id === group)?.cutoff_day ?? 0;
    const range = periodRange(period, cutoff);
    if (range.to > today) return setEarly({ period, group, to: range.to });
    await compute(period, group);
  });

  type RunRow = NonNullable<typeof runs.data>[number];
  type Line = NonNullable<typeof run.data>['lines'][number];
  const runColumns: Column<RunRow>[] = [
    { key: 'period', header: 'Periode', cell: (r) => periodLabel(r.period) },
    { key: 'group_name', header: 'Group' },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={statusVariant(r.status)}>{PAYROLL_RUN_STATUS_LABELS[r.status]}</Badge>
          {r.corrects_run_id !== null ? <Badge variant="outline">{r.label.toUpperCase()}</Badge> : null}
        </span>
      ),
    },
    {
      key: 'open',
      header: '',
      className: 'text-right',
      cell: (r) => (
        <Button size="sm" variant={selected === r.id ? 'default' : 'outline'} onClick={() => setSelected(r.id)}>
          Lihat
        </Button>
      ),
    },
  ];
  const money = (key: string, header: string, f: (l: Line) => number): Column<Line> => ({
    key,
    header,
    className: 'text-right tabular-nums',
    headerClassName: 'text-right',
    cell: (l) => rp(f(l)),
  });
  const bpjsEmployee = (l: Line) => l.bpjs.jkn_employee + l.bpjs.jht_employee + l.bpjs.jp_employee;
  const lineColumns: Column<Line>[] = [
    {
      key: 'name',
      header: 'Pegawai',
      cell: (l) => (
        <div>
          <div className="font-medium">{l.name}</div>
          <div className="text-xs text-muted-foreground">
            {l.ptkp} · hadir {l.days_present} hari{l.late_minutes ? ` · terlambat ${l.late_minutes} menit` : ''}
            {l.missing_checkout ? ` · ${l.missing_checkout}x tanpa absen pulang` : ''}
          </div>
        </div>
      ),
    },
    money('base_salary', 'Gaji Pokok', (l) => l.base_salary),
    money('bruto', 'Bruto', (l) => l.bruto),
    money('bpjs_employee', 'BPJS Pegawai', bpjsEmployee),
    money('pph21', 'PPh 21', (l) => l.pph21),
    money('deductions', 'Potongan', (l) => l.deductions),
    money('net', 'Diterima', (l) => l.net),
    ...(run.data && run.data.status !== 0
      ? [
          {
            key: 'slip',
            header: '',
            className: 'text-right',
            cell: (l: Line) => <PayslipButtons run={run.data?.id ?? 0} employee={l.employee} />,
          },
        ]
      : []),
  ];

  const exportRun = async () => {
    const r = run.data;
    if (!r) return;
    await exportToExcel(
      `penggajian-${r.period}-${r.group_name.toLowerCase().replace(/\s+/g, '-')}`,
      [
        { header: 'Nama', value: 'name', width: 26 },
        { header: 'Username', value: 'username' },
        { header: 'Jenis', value: 'employment' },
        { header: 'PTKP', value: 'ptkp' },
        { header: 'Hari Hadir', value: 'days_present' },
        { header: 'Terlambat (menit)', value: 'late_minutes' },
        { header: 'Gaji Pokok', value: 'base_salary', numFmt: '#,##0', width: 14 },
        { header: 'Pendapatan', value: 'earnings', numFmt: '#,##0', width: 14 },
        { header: 'Bruto', value: 'bruto', numFmt: '#,##0', width: 14 },
        { header: 'JKN Pegawai', value: (l: Line) => l.bpjs.jkn_employee, numFmt: '#,##0' },
        { header: 'JHT Pegawai', value: (l: Line) => l.bpjs.jht_employee, numFmt: '#,##0' },
        { header: 'JP Pegawai', value: (l: Line) => l.bpjs.jp_employee, numFmt: '#,##0' },
        { header: 'JKN Perusahaan', value: (l: Line) => l.bpjs.jkn_employer, numFmt: '#,##0' },
        { header: 'JHT Perusahaan', value: (l: Line) => l.bpjs.jht_employer, numFmt: '#,##0' },
        { header: 'JP Perusahaan', value: (l: Line) => l.bpjs.jp_employer, numFmt: '#,##0' },
        { header: 'JKK', value: (l: Line) => l.bpjs.jkk, numFmt: '#,##0' },
        { header: 'JKM', value: (l: Line) => l.bpjs.jkm, numFmt: '#,##0' },
        { header: 'Tarif PPh 21 (%)', value: 'pph21_rate' },
        { header: 'PPh 21', value: 'pph21', numFmt: '#,##0', width: 14 },
        { header: 'Potongan', value: 'deductions', numFmt: '#,##0', width: 14 },
        { header: 'Diterima', value: 'net', numFmt: '#,##0', width: 14 },
      ],
      r.lines,
      periodLabel(r.period),
    );
  };

  const r = run.data;
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Penggajian"
        description="Hitung gaji bulanan per group slip gaji (draft), periksa per pegawai, lalu setujui untuk membuat jurnal gaji."
      />
      <Card>
        <CardHeader>
          <CardTitle>Hitung Gaji (Draft)</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-start gap-3" noValidate>
            <FormField label="Periode" htmlFor="run-period" error={form.formState.errors.period?.message}>
              <Input id="run-period" type="month" className="w-44" {...form.register('period')} />
            </FormField>
            <FormField label="Group Slip Gaji" htmlFor="run-group" error={form.formState.errors.group?.message}>
              <Controller
                control={form.control}
                name="group"
                render={({ field }) => (
                  <Select value={String(field.value)} onValueChange={field.onChange}>
                    <SelectTrigger id="run-group" className="w-56">
                      <SelectValue placeholder="Pilih group" />
                    </SelectTrigger>
                    <SelectContent>
                      {(groups.data ?? [])
                        .filter((g) => g.status === 1)
                        .map((g) => (
                          <SelectItem key={g.id} value={String(g.id)}>
                            {g.name}
                          </SelectItem>
                        ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <Button type="submit" className="mt-6" disabled={create.isPending}>
              <Calculator /> Hitung
            </Button>
          </form>
          <ErrorList items={serverErrors} />
          {groups.data && groups.data.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">
              Belum ada group slip gaji. Buat di menu Group Slip Gaji terlebih dahulu.
            </p>
          ) : null}
        </CardContent>
      </Card>

      {runs.error ? <ErrorList items={errorItems(runs.error)} /> : null}
      <DataTable
        columns={runColumns}
        rows={runs.data}
        rowKey={(x) => x.id}
        loading={runs.isPending}
        emptyText="Belum ada proses gaji."
      />

      {selected !== null ? (
        <Card data-testid="payroll-run">
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>
              {r ? `${periodLabel(r.period)} · ${r.group_name}` : 'Memuat...'}{' '}
              {r ? (
                <Badge variant={statusVariant(r.status)} data-testid="run-status">
                  {PAYROLL_RUN_STATUS_LABELS[r.status]}
                </Badge>
              ) : null}{' '}
              {r?.is_correction ? (
                <Badge variant="outline" data-testid="run-correction">
                  KOREKSI
                </Badge>
              ) : null}
            </CardTitle>
            <div className="flex flex-wrap gap-2">
              <ExportExcelButton onExport={exportRun} disabled={!r?.lines.length} />
              {r && r.status !== 0 ? <PayslipButtons run={r.id} /> : null}
              {r?.lines.length ? (
                <Button asChild size="sm" variant="outline">
                  <a href={`/api/attendance/payroll/run/${r.id}/ebupot`} download data-testid="ebupot">
                    <FileSpreadsheet /> e-Bupot PPh 21
                  </a>
                </Button>
              ) : null}
              {r?.status === 1 && r.open_correction === null ? (
                <Button
                  variant="outline"
                  onClick={() => (setApproveErrors([]), setCorrecting(true))}
                  disabled={correct.isPending}
                >
                  <FilePenLine /> Buat Koreksi
                </Button>
              ) : null}
              {r && r.open_correction !== null ? (
                <Button variant="outline" onClick={() => setSelected(r.open_correction)}>
                  Lihat Koreksi Draft
                </Button>
              ) : null}
              {r?.status === 0 ? (
                <Button
                  variant="outline"
                  disabled={recompute.isPending}
                  onClick={async () => {
                    setApproveErrors([]);
                    try {
                      const res = await recompute.mutateAsync({ id: r.id });
                      await qc.invalidateQueries({ queryKey: trpc.attendance.payroll.runs.pathKey() });
                      setSelected(res.id);
                    } catch (err) {
                      setApproveErrors(errorItems(err));
                    }
                  }}
                >
                  <RefreshCw /> Hitung Ulang
                </Button>
              ) : null}
              {r?.status === 0 ? (
                <Button variant="outline" onClick={() => (setApproveErrors([]), setDiscarding(true))}>
                  <Trash2 /> Buang Draft
                </Button>
              ) : null}
              {r?.status === 0 ? (
                <Button
                  onClick={() => (setApproveErrors([]), setConfirming(true))}
                  disabled={approve.isPending || !!r.approve_refusal}
                  title={r.approve_refusal ?? undefined}
                >
                  <CheckCircle2 /> Setujui
                </Button>
              ) : null}
            </div>
          </CardHeader>
          <CardContent className="grid gap-3">
            {run.error ? <ErrorList items={errorItems(run.error)} /> : null}
            <ErrorList items={approveErrors} />
            {r?.status === 0 && r.approve_refusal ? (
              <p className="text-sm text-muted-foreground" data-testid="approve-refusal">
                {r.approve_refusal}: penggajian disetujui oleh orang lain yang tidak membuatnya dan tidak digaji di
                dalamnya.
              </p>
            ) : null}
            {r ? (
              <div className="grid gap-2 text-sm sm:grid-cols-4" data-testid="run-totals">
                <div>
                  Absensi: {r.date_from} s/d {r.date_to}
                </div>
                <div>Bruto: {rp(r.totals.bruto)}</div>
                <div>PPh 21: {rp(r.totals.pph21)}</div>
                <div>Diterima: {rp(r.totals.net)}</div>
                <div>BPJS pegawai: {rp(r.totals.bpjs_employee)}</div>
                <div>BPJS perusahaan: {rp(r.totals.bpjs_employer)}</div>
                {r.jurnal_code ? <div data-testid="run-journal">Jurnal {r.jurnal_code}</div> : null}
              </div>
            ) : null}
            {r && r.chain.length > 1 ? (
              <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="run-chain">
                <span className="text-muted-foreground">Riwayat:</span>
                {r.chain.map((c, i) => (
                  <React.Fragment key={c.id}>
                    {i > 0 ? <span aria-hidden>&rarr;</span> : null}
                    <Button size="sm" variant={c.id === r.id ? 'default' : 'outline'} onClick={() => setSelected(c.id)}>
                      {c.label} · {PAYROLL_RUN_STATUS_LABELS[c.status]}
                      {c.jurnal_code ? ` · Jurnal ${c.jurnal_code}` : ''}
                    </Button>
                  </React.Fragment>
                ))}
              </div>
            ) : null}
            {r?.status === 2 && r.superseded_by !== null ? (
              <p className="text-sm text-muted-foreground">
                Proses gaji ini sudah dikoreksi oleh {r.superseded_label}; tetap terkunci beserta jurnalnya.
              </p>
            ) : null}
            {r?.is_correction ? <RunDifferences correctsLabel={r.corrects_label} rows={r.differences} /> : null}
            <DataTable
              columns={lineColumns}
              rows={r?.lines}
              rowKey={(l) => l.employee}
              loading={run.isPending}
              emptyText="Group ini belum punya pegawai."
            />
          </CardContent>
        </Card>
      ) : null}
      <ConfirmDialog
        open={correcting}
        onOpenChange={setCorrecting}
        title="Buat koreksi penggajian?"
        description="Proses gaji baru (draft) dihitung ulang dari data saat ini untuk periode dan group yang sama. Saat disetujui, hanya selisihnya yang dijurnal dan proses ini ditandai dikoreksi."
        confirmLabel="Buat Koreksi"
        onConfirm={async () => {
          if (!r) return;
          try {
            const res = await correct.mutateAsync({ id: r.id });
            await qc.invalidateQueries({ queryKey: trpc.attendance.payroll.runs.pathKey() });
            setSelected(res.id);
          } catch (err) {
            setApproveErrors(errorItems(err));
          }
        }}
      />
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title="Buang draft penggajian?"
        description="Draft ini dihapus tanpa jurnal. Proses gaji yang sudah disetujui tidak berubah."
        confirmLabel="Buang Draft"
        onConfirm={async () => {
          if (!r) return;
          try {
            await discard.mutateAsync({ id: r.id });
            await qc.invalidateQueries({ queryKey: trpc.attendance.payroll.runs.pathKey() });
            setSelected(r.corrects_run_id);
          } catch (err) {
            setApproveErrors(errorItems(err));
          }
        }}
      />
      <ConfirmDialog
        open={early !== null}
        onOpenChange={(o) => (o ? undefined : setEarly(null))}
        title="Periode belum selesai"
        description={
          early
            ? `Absensi periode ini sampai ${formatDate(early.to)}, setelah hari ini: hari yang belum lewat belum punya absensi, jadi draft ini belum lengkap. Tetap hitung sekarang?`
            : undefined
        }
        confirmLabel="Tetap Hitung"
        onConfirm={async () => {
          if (!early) return;
          const { period, group } = early;
          setEarly(null);
          await compute(period, group);
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Setujui penggajian?"
        description={
          r?.is_correction
            ? `Selisih terhadap ${r.corrects_label} dijurnal, koreksi ini dikunci dan ${r.corrects_label} ditandai dikoreksi.`
            : 'Jurnal gaji dibuat dan proses gaji ini dikunci. Perbaikan dibuat sebagai proses baru (Buat Koreksi).'
        }
        confirmLabel="Setujui"
        onConfirm={async () => {
          if (!r) return;
          try {
            await approve.mutateAsync({ id: r.id });
            await qc.invalidateQueries({ queryKey: trpc.attendance.payroll.runs.pathKey() });
          } catch (err) {
            setApproveErrors(errorItems(err));
          }
        }}
      />
    </div>
  );
}
