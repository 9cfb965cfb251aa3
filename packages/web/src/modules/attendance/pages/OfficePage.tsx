import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { officeInput } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { MasterList, STATUS_FIELD } from '../components/MasterList';

/**
 * /backoffice/attendance/office: office locations with a radius. A branch with an active office requires web
 * check-in ('Absensi Saya') from within its radius.
 */
export default function OfficePage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery({
    ...trpc.attendance.offices.list.queryOptions({ isallbranch: 1 }),
    meta: { inlineErrors: true },
  });
  const create = useMutation({ ...trpc.attendance.offices.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.attendance.offices.update.mutationOptions(), meta: { inlineErrors: true } });
  type Row = NonNullable<typeof list.data>[number];
  return (
    <MasterList<Row>
      title="Kantor"
      description="Lokasi kantor dan radius absen web. Cabang dengan kantor aktif mewajibkan absen dari dalam radius."
      noun="kantor"
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      columns={[
        { key: 'name', header: 'Nama' },
        { key: 'branch', header: 'Cabang' },
        { key: 'loc', header: 'Lokasi', cell: (r) => `${r.latitude}, ${r.longitude}` },
        { key: 'radius', header: 'Radius', cell: (r) => `${r.radius} m` },
      ]}
      excel={[
        { header: 'Nama', value: 'name', width: 24 },
        { header: 'Cabang', value: 'branch', width: 24 },
        { header: 'Lintang', value: 'latitude' },
        { header: 'Bujur', value: 'longitude' },
        { header: 'Radius (m)', value: 'radius' },
      ]}
      fields={[
        { key: 'name', label: 'Nama Kantor', kind: 'text', required: true },
        { key: 'radius', label: 'Radius (meter)', kind: 'number', required: true },
        { key: 'latitude', label: 'Lintang', kind: 'decimal', required: true, placeholder: '-6.2' },
        { key: 'longitude', label: 'Bujur', kind: 'decimal', required: true, placeholder: '106.8' },
        STATUS_FIELD,
      ]}
      schema={officeInput}
      toValues={(r) => ({
        name: r?.name ?? '',
        latitude: r ? String(r.latitude) : '',
        longitude: r ? String(r.longitude) : '',
        radius: String(r?.radius ?? 100),
        status: String(r?.status ?? 1),
      })}
      save={async (id, data) => {
        const d = data as Parameters<typeof create.mutateAsync>[0];
        if (id) await update.mutateAsync({ id, data: d });
        else await create.mutateAsync(d);
        await qc.invalidateQueries({ queryKey: trpc.attendance.offices.pathKey() });
      }}
    />
  );
}
