import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { departmentInput } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { MasterList, STATUS_FIELD } from '../components/MasterList';

/** /attendance/master/department: departments of the branch. */
export default function DepartmentPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery({ ...trpc.attendance.departments.list.queryOptions(), meta: { inlineErrors: true } });
  const create = useMutation({ ...trpc.attendance.departments.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.attendance.departments.update.mutationOptions(), meta: { inlineErrors: true } });
  return (
    <MasterList
      title="Departemen"
      description="Departemen pegawai cabang ini."
      noun="departemen"
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      columns={[{ key: 'name', header: 'Nama' }]}
      excel={[{ header: 'Nama', value: 'name', width: 30 }]}
      fields={[{ key: 'name', label: 'Nama', kind: 'text', required: true }, STATUS_FIELD]}
      schema={departmentInput}
      toValues={(r) => ({ name: r?.name ?? '', status: String(r?.status ?? 1) })}
      save={async (id, data) => {
        const d = data as Parameters<typeof create.mutateAsync>[0];
        if (id) await update.mutateAsync({ id, data: d });
        else await create.mutateAsync(d);
        await qc.invalidateQueries({ queryKey: trpc.attendance.departments.pathKey() });
      }}
    />
  );
}
