import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { groupInput } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { MasterList, STATUS_FIELD } from '../components/MasterList';

/** /attendance/master/payrollperiode ('Group Slip Gaji'): employees with their components and the cut-off day. */
export default function PayrollGroupPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery({ ...trpc.attendance.payroll.groups.list.queryOptions(), meta: { inlineErrors: true } });
  const components = useQuery({ ...trpc.attendance.payroll.components.list.queryOptions(), meta: { silent: true } });
  const employees = useQuery({ ...trpc.attendance.employees.list.queryOptions({}), meta: { silent: true } });
  const create = useMutation({
    ...trpc.attendance.payroll.groups.create.mutationOptions(),
    meta: { inlineErrors: true },
  });
  const update = useMutation({
    ...trpc.attendance.payroll.groups.update.mutationOptions(),
    meta: { inlineErrors: true },
  });
  type Row = NonNullable<typeof list.data>[number];
  const compName = (id: number) => components.data?.find((c) => c.id === id)?.name ?? `#${id}`;
  const cutoff = (d: number) => (d === 0 ? 'Akhir bulan' : `Tanggal ${d}`);
  return (
    <MasterList<Row>
      title="Group Slip Gaji"
      description="Kelompok pegawai yang digaji bersama: komponen gajinya dan tanggal tutup buku absensi."
      noun="group slip gaji"
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      columns={[
        { key: 'name', header: 'Nama' },
        { key: 'cutoff_day', header: 'Tutup Buku', cell: (r) => cutoff(r.cutoff_day) },
        { key: 'components', header: 'Komponen', cell: (r) => r.components.map(compName).join(', ') || '-' },
        { key: 'members', header: 'Pegawai', cell: (r) => `${r.members.length} orang` },
      ]}
      excel={[
        { header: 'Nama', value: 'name', width: 24 },
        { header: 'Tutup Buku', value: (r) => cutoff(r.cutoff_day) },
        { header: 'Komponen', value: (r) => r.components.map(compName).join(', '), width: 40 },
        { header: 'Pegawai', value: (r) => r.members.map((m) => m.name).join(', '), width: 60 },
      ]}
      fields={[
        { key: 'name', label: 'Nama Group', kind: 'text', required: true },
        {
          key: 'cutoff_day',
          label: 'Tanggal Tutup Buku',
          kind: 'number',
          description: '0 = akhir bulan; 1 sampai 28 = absensi dari tanggal berikutnya bulan lalu',
        },
        {
          key: 'components',
          label: 'Komponen Gaji',
          kind: 'multi',
          options: (components.data ?? [])
            .filter((c) => c.status === 1)
            .map((c) => ({ value: String(c.id), label: c.name })),
        },
        {
          key: 'members',
          label: 'Pegawai',
          kind: 'multi',
          options: (employees.data ?? []).map((e) => ({ value: String(e.id), label: e.name })),
        },
        STATUS_FIELD,
      ]}
      schema={groupInput}
      toValues={(r) => ({
        name: r?.name ?? '',
        cutoff_day: String(r?.cutoff_day ?? 0),
        components: (r?.components ?? []).map(String),
        members: (r?.members ?? []).map((m) => String(m.id)),
        status: String(r?.status ?? 1),
      })}
      save={async (id, data) => {
        const d = data as Parameters<typeof create.mutateAsync>[0];
        if (id) await update.mutateAsync({ id, data: d });
        else await create.mutateAsync(d);
        await qc.invalidateQueries({ queryKey: trpc.attendance.payroll.pathKey() });
      }}
    />
  );
}
