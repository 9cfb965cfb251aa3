import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shiftInput } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { MasterList, STATUS_FIELD } from '../components/MasterList';
import { RosterWeek } from '../components/RosterWeek';

const SHIFT_FIELDS = [
  { key: 'name', label: 'Nama Shift', kind: 'text', required: true },
  { key: 'start_time', label: 'Jam Mulai', kind: 'time', required: true },
  { key: 'end_time', label: 'Jam Selesai', kind: 'time', required: true },
  { key: 'break_minutes', label: 'Istirahat (menit)', kind: 'number' },
  { key: 'late_tolerance', label: 'Toleransi Terlambat (menit)', kind: 'number' },
  { key: 'crosses_midnight', label: 'Lewat tengah malam (selesai keesokan hari)', kind: 'checkbox' },
  STATUS_FIELD,
] as const;

/**
 * 'Shift' (/attendance/master/schedule, with the week roster below) and /backoffice/attendance/shift: name, start, end, break, crossing midnight
 * and late tolerance. The backoffice view lists every branch the user may see.
 */
export function ShiftList({ allBranches }: { allBranches: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery({
    ...trpc.attendance.shifts.list.queryOptions(allBranches ? { isallbranch: 1 } : undefined),
    meta: { inlineErrors: true },
  });
  const create = useMutation({ ...trpc.attendance.shifts.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.attendance.shifts.update.mutationOptions(), meta: { inlineErrors: true } });
  type Row = NonNullable<typeof list.data>[number];
  return (
    <MasterList<Row>
      title="Shift"
      description={
        allBranches
          ? 'Shift semua cabang yang dapat Anda lihat.'
          : 'Jam kerja shift; shift malam dapat lewat tengah malam.'
      }
      noun="shift"
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      columns={[
        { key: 'name', header: 'Nama' },
        ...(allBranches ? [{ key: 'branch', header: 'Cabang', cell: (r: Row) => r.branch ?? '-' }] : []),
        {
          key: 'time',
          header: 'Jam',
          cell: (r) => `${r.start_time} - ${r.end_time}${r.crosses_midnight ? ' (+1)' : ''}`,
        },
        { key: 'break_minutes', header: 'Istirahat', cell: (r) => `${r.break_minutes} menit` },
        { key: 'late_tolerance', header: 'Toleransi', cell: (r) => `${r.late_tolerance} menit` },
      ]}
      excel={[
        { header: 'Nama', value: 'name', width: 24 },
        { header: 'Mulai', value: 'start_time' },
        { header: 'Selesai', value: 'end_time' },
        { header: 'Lewat Tengah Malam', value: (r) => (r.crosses_midnight ? 'Ya' : 'Tidak') },
        { header: 'Istirahat (menit)', value: 'break_minutes' },
        { header: 'Toleransi (menit)', value: 'late_tolerance' },
      ]}
      fields={[...SHIFT_FIELDS]}
      schema={shiftInput}
      toValues={(r) => ({
        name: r?.name ?? '',
        start_time: r?.start_time ?? '08:00',
        end_time: r?.end_time ?? '16:00',
        break_minutes: String(r?.break_minutes ?? 60),
        late_tolerance: String(r?.late_tolerance ?? 0),
        crosses_midnight: r?.crosses_midnight ?? false,
        status: String(r?.status ?? 1),
      })}
      save={async (id, data) => {
        const d = data as Parameters<typeof create.mutateAsync>[0];
        if (id) await update.mutateAsync({ id, data: d });
        else await create.mutateAsync(d);
        await qc.invalidateQueries({ queryKey: trpc.attendance.shifts.pathKey() });
      }}
    />
  );
}

export default function ShiftPage() {
  return (
    <div className="grid gap-6">
      <ShiftList allBranches={false} />
      <div className="mx-auto w-full max-w-6xl">
        <RosterWeek />
      </div>
    </div>
  );
}
