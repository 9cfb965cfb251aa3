import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import {
  DAILY_STATUS_LABELS,
  LEAVE_KIND_LABELS,
  LEAVE_KINDS,
  formatDate,
  leaveInput,
  attendanceCorrectionForm,
  CORRECTION_STATUSES,
  type DailyStatus,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { Label } from '../../../components/ui/label';
import { clock, MONTH_NAMES } from '../lib';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SchemaFormDialog } from '../components/SchemaForm';

const STATUS_VARIANT: Record<DailyStatus, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  hadir: 'success',
  terlambat: 'warning',
  tidak_hadir: 'destructive',
  belum_hadir: 'secondary',
  libur: 'secondary',
  belum_pulang: 'warning',
  cuti: 'secondary',
  sakit: 'secondary',
  izin: 'secondary',
};

export interface RecapRow {
  employee: number;
  name: string;
  department: string | null;
  present: number;
  late_days: number;
  late_minutes: number;
  early_leave_minutes: number;
  absent: number;
  missing_checkout: number;
  off: number;
  leave: number;
  sick: number;
  permit: number;
}

/** Per employee over a month's days: present, late, early leave, absent, missing check-out, days off. */
export function monthlyRecap(
  days: {
    employee: number;
    name: string;
    department: string | null;
    status: DailyStatus;
    late_minutes: number;
    early_leave_minutes: number;
    missing_checkout: boolean;
  }[][],
): RecapRow[] {
  const by = new Map<number, RecapRow>();
  for (const day of days) {
    for (const r of day) {
      const row =
        by.get(r.employee) ??
        ({
          employee: r.employee,
          name: r.name,
          department: r.department,
          present: 0,
          late_days: 0,
          late_minutes: 0,
          early_leave_minutes: 0,
          absent: 0,
          missing_checkout: 0,
          off: 0,
          leave: 0,
          sick: 0,
          permit: 0,
        } satisfies RecapRow);
      if (r.status === 'hadir' || r.status === 'terlambat' || r.status === 'belum_pulang') row.present++;
      if (r.late_minutes > 0) row.late_days++;
      row.late_minutes += r.late_minutes;
      row.early_leave_minutes += r.early_leave_minutes;
      if (r.status === 'tidak_hadir') row.absent++;
      if (r.missing_checkout) row.missing_checkout++;
      if (r.status === 'libur') row.off++;
      if (r.status === 'cuti') row.leave++;
      if (r.status === 'sakit') row.sick++;
      if (r.status === 'izin') row.permit++;
      by.set(r.employee, row);
    }
  }
  return [...by.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * /attendance/attendance/daily: who is present, late, leaving early, absent, on leave or sick, or without check-out on
 * a day; a manager records leave, sick or permitted absence with the reason (and cancels it, kept).
 */
export default function DailyPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const [date, setDate] = React.useState(today);
  const [recapBusy, setRecapBusy] = React.useState(false);
  const list = useQuery({
    ...trpc.attendance.daily.queryOptions({ date: date || today }),
    meta: { inlineErrors: true },
  });
  type Row = NonNullable<typeof list.data>[number];
  const day = date || today;
  const record = useMutation({ ...trpc.attendance.leave.create.mutationOptions(), meta: { inlineErrors: true } });
  const cancel = useMutation({ ...trpc.attendance.leave.cancel.mutationOptions(), meta: { inlineErrors: true } });
  const [leaveFor, setLeaveFor] = React.useState<Row | null>(null);
  const propose = useMutation({ ...trpc.attendance.correctDay.mutationOptions(), meta: { inlineErrors: true } });
  const [correctFor, setCorrectFor] = React.useState<Row | null>(null);
  const [cancelling, setCancelling] = React.useState<Row | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.attendance.pathKey() });
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: 'Nama',
      cell: (r) => (
        <div>
          <div className="font-medium">{r.name}</div>
          <div className="text-xs text-muted-foreground">{r.department ?? '-'}</div>
        </div>
      ),
    },
    { key: 'shift', header: 'Shift', cell: (r) => r.shift ?? '-' },
    { key: 'check_in', header: 'Masuk', cell: (r) => clock(r.check_in, day) },
    { key: 'check_out', header: 'Pulang', cell: (r) => clock(r.check_out, day) },
    {
      key: 'late_minutes',
      header: 'Terlambat',
      className: 'text-right',
      headerClassName: 'text-right',
      cell: (r) => (r.late_minutes ? `${r.late_minutes} menit` : '-'),
    },
    {
      key: 'early',
      header: 'Pulang Cepat',
      className: 'text-right',
      headerClassName: 'text-right',
      cell: (r) => (r.early_leave_minutes ? `${r.early_leave_minutes} menit` : '-'),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <div>
          <Badge variant={STATUS_VARIANT[r.status]} data-testid={`daily-status-${r.employee}`}>
            {DAILY_STATUS_LABELS[r.status]}
          </Badge>
          {r.leave ? (
            <div className="text-xs text-muted-foreground">
              {LEAVE_KIND_LABELS[r.leave.kind as keyof typeof LEAVE_KIND_LABELS] ?? r.leave.kind}: {r.leave.reason}
            </div>
          ) : null}
          {r.correction ? (
            <div className="text-xs text-muted-foreground" data-testid={`daily-correction-${r.employee}`}>
              <Badge variant="outline" className="mr-1">
                Dikoreksi
              </Badge>
              {r.correction.reason} (semula {DAILY_STATUS_LABELS[r.correction.original.status]}
              {r.correction.original.check_in ? `, masuk ${clock(r.correction.original.check_in, day)}` : ''}
              {r.correction.original.check_out ? `, pulang ${clock(r.correction.original.check_out, day)}` : ''})
            </div>
          ) : null}
          {r.pending_correction ? (
            <div className="text-xs text-muted-foreground" data-testid={`daily-pending-${r.employee}`}>
              <Badge variant="secondary" className="mr-1">
                Menunggu persetujuan
              </Badge>
              {[
                r.pending_correction.check_in ? `masuk ${r.pending_correction.check_in}` : null,
                r.pending_correction.check_out ? `pulang ${r.pending_correction.check_out}` : null,
                r.pending_correction.status
                  ? (DAILY_STATUS_LABELS[r.pending_correction.status as keyof typeof DAILY_STATUS_LABELS] ??
                    r.pending_correction.status)
                  : null,
              ]
                .filter(Boolean)
                .join(', ')}
              : {r.pending_correction.reason} (oleh {r.pending_correction.requested_by})
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: '',
      className: 'text-right',
      cell: (r) => (
        <div className="flex justify-end gap-1">
          {r.leave ? (
            <Button size="sm" variant="ghost" onClick={() => setCancelling(r)}>
              Batalkan
            </Button>
          ) : r.check_in === null ? (
            <Button size="sm" variant="outline" onClick={() => setLeaveFor(r)} aria-label={`Cuti atau sakit ${r.name}`}>
              Cuti/Sakit
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => setCorrectFor(r)} aria-label={`Koreksi absensi ${r.name}`}>
            Koreksi
          </Button>
        </div>
      ),
    },
  ];
  const counts = (list.data ?? []).reduce<Record<string, number>>(
    (a, r) => ({ ...a, [r.status]: (a[r.status] ?? 0) + 1 }),
    {},
  );

  const exportRecap = async () => {
    setRecapBusy(true);
    try {
      const month = day.slice(0, 7);
      const [y, m] = month.split('-').map(Number);
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const days: Row[][] = [];
      for (let d = 1; d <= last; d++) {
        const ds = `${month}-${String(d).padStart(2, '0')}`;
        if (ds > today) break;
        days.push(await qc.fetchQuery(trpc.attendance.daily.queryOptions({ date: ds })));
      }
      await exportToExcel(
        `rekap-absensi-${month}`,
        [
          { header: 'Nama', value: 'name', width: 26 },
          { header: 'Departemen', value: (r: RecapRow) => r.department ?? '', width: 18 },
          { header: 'Hadir (hari)', value: 'present' },
          { header: 'Terlambat (hari)', value: 'late_days' },
          { header: 'Terlambat (menit)', value: 'late_minutes' },
          { header: 'Pulang Cepat (menit)', value: 'early_leave_minutes' },
          { header: 'Tidak Hadir (hari)', value: 'absent' },
          { header: 'Tanpa Absen Pulang', value: 'missing_checkout' },
          { header: 'Libur (hari)', value: 'off' },
          { header: 'Cuti (hari)', value: 'leave' },
          { header: 'Sakit (hari)', value: 'sick' },
          { header: 'Izin (hari)', value: 'permit' },
        ],
        monthlyRecap(days),
        `Rekap ${MONTH_NAMES[m - 1]} ${y}`,
      );
    } catch (err) {
      toast.error(errorItems(err)[0]?.message ?? 'Rekap gagal dibuat');
    } finally {
      setRecapBusy(false);
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-3">
      <PageHeader
        title="Absensi Harian"
        description="Kehadiran per hari menurut roster shift dan log absensi (mesin dan web)."
        actions={
          <>
            <ExportExcelButton
              disabled={!list.data?.length}
              onExport={() =>
                exportToExcel(
                  `absensi-${day}`,
                  [
                    { header: 'Nama', value: 'name', width: 26 },
                    { header: 'Departemen', value: (r: Row) => r.department ?? '' },
                    { header: 'Shift', value: (r: Row) => r.shift ?? '' },
                    { header: 'Masuk', value: (r: Row) => clock(r.check_in, day) },
                    { header: 'Pulang', value: (r: Row) => clock(r.check_out, day) },
                    { header: 'Terlambat (menit)', value: 'late_minutes' },
                    { header: 'Pulang Cepat (menit)', value: 'early_leave_minutes' },
                    { header: 'Status', value: (r: Row) => DAILY_STATUS_LABELS[r.status] },
                    { header: 'Keterangan', value: (r: Row) => r.leave?.reason ?? '', width: 30 },
                  ],
                  list.data ?? [],
                  formatDate(day),
                )
              }
            />
            <Button variant="outline" onClick={() => void exportRecap()} disabled={recapBusy}>
              {recapBusy ? <LoaderCircle className="animate-spin" /> : <FileSpreadsheet />}
              Rekap Bulanan
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="daily-date">Tanggal</Label>
          <DateInput id="daily-date" value={date} onChange={setDate} max={today} />
        </div>
        <div className="flex flex-wrap gap-2 text-sm" data-testid="daily-counts">
          {(Object.keys(DAILY_STATUS_LABELS) as DailyStatus[])
            .filter((s) => counts[s])
            .map((s) => (
              <Badge key={s} variant={STATUS_VARIANT[s]}>
                {DAILY_STATUS_LABELS[s]}: {counts[s]}
              </Badge>
            ))}
        </div>
      </div>
      {list.error ? <ErrorList items={errorItems(list.error)} /> : null}
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(r) => r.employee}
        loading={list.isPending}
        emptyText="Belum ada pegawai aktif di cabang ini."
      />
      <SchemaFormDialog
        open={leaveFor !== null}
        onOpenChange={(o) => (o ? undefined : setLeaveFor(null))}
        title="Catat Cuti, Sakit atau Izin"
        description={leaveFor ? `${leaveFor.name} · ${formatDate(day)}` : undefined}
        fields={[
          {
            key: 'kind',
            label: 'Jenis',
            kind: 'select',
            required: true,
            options: LEAVE_KINDS.map((k) => ({ value: k, label: LEAVE_KIND_LABELS[k] })),
          },
          { key: 'reason', label: 'Alasan', kind: 'text', required: true },
        ]}
        schema={leaveInput.omit({ employee: true, date: true })}
        initial={{ kind: 'sakit', reason: '' }}
        onSubmit={async (data) => {
          if (!leaveFor) return;
          await record.mutateAsync({
            employee: leaveFor.employee,
            date: day,
            kind: data.kind as (typeof LEAVE_KINDS)[number],
            reason: String(data.reason),
          });
          await refresh();
        }}
        testId="leave-dialog"
      />
      <SchemaFormDialog
        open={correctFor !== null}
        onOpenChange={(o) => (o ? undefined : setCorrectFor(null))}
        title="Ajukan Koreksi Absensi"
        description={
          correctFor
            ? `${correctFor.name} · ${formatDate(day)}. Koreksi berlaku setelah disetujui; data mesin absen tidak diubah.`
            : undefined
        }
        fields={[
          { key: 'check_in', label: 'Jam Masuk', kind: 'time' },
          { key: 'check_out', label: 'Jam Pulang', kind: 'time' },
          {
            key: 'status',
            label: 'Status',
            kind: 'select',
            placeholder: 'Dihitung dari jam',
            options: CORRECTION_STATUSES.map((k) => ({ value: k, label: DAILY_STATUS_LABELS[k] })),
          },
          { key: 'reason', label: 'Alasan', kind: 'text', required: true },
        ]}
        schema={attendanceCorrectionForm}
        initial={{ check_in: '', check_out: '', status: '', reason: '' }}
        onSubmit={async (data) => {
          if (!correctFor) return;
          const out = await propose.mutateAsync({
            employee: correctFor.employee,
            date: day,
            check_in: typeof data.check_in === 'string' && data.check_in ? data.check_in : undefined,
            check_out: typeof data.check_out === 'string' && data.check_out ? data.check_out : undefined,
            status: typeof data.status === 'string' && data.status ? data.status : undefined,
            reason: typeof data.reason === 'string' ? data.reason : '',
          });
          toast.success(out.pending ? out.message : 'Koreksi absensi diterapkan');
          await refresh();
        }}
        testId="correction-dialog"
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(o) => (o ? undefined : setCancelling(null))}
        title="Batalkan catatan ini?"
        description={
          cancelling?.leave
            ? `${cancelling.name}: ${cancelling.leave.reason}. Catatan tetap tersimpan sebagai dibatalkan.`
            : ''
        }
        confirmLabel="Batalkan catatan"
        onConfirm={async () => {
          if (!cancelling?.leave) return;
          try {
            await cancel.mutateAsync({ id: cancelling.leave.id });
          } catch (err) {
            toast.error(errorItems(err)[0]?.message ?? 'Gagal membatalkan');
            throw err;
          }
          await refresh();
        }}
      />
    </div>
  );
}
