import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  allows,
  MEMBERSHIP_LEVEL_ACCESS,
  membershipLevelInput,
  type MembershipLevelDto,
  type MembershipLevelInput,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { useTRPC } from '../../../lib/trpc';
import { useEditDialogForm } from '../../../lib/use-edit-dialog-form';
import { DataTable, type Column } from '../../../components/DataTable';
import { FormDialog } from '../../../components/FormDialog';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { statusLabel } from '../../../lib/status';

interface Values {
  name: string;
}
const valuesOf = (l: MembershipLevelDto | null): Values => ({ name: l?.name ?? '' });

/**
 * /backoffice/master/membership-level (issue 30 item 2): the chain's membership levels, one list for every
 * branch. The head office adds, renames and (de)activates them; nothing is deleted (patients keep their level).
 */
export default function MembershipLevelPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const manage = allows(me, MEMBERSHIP_LEVEL_ACCESS.manage);
  const list = useQuery(trpc.users.membershipLevel.list.queryOptions());
  const [editing, setEditing] = React.useState<MembershipLevelDto | null>(null);
  const [open, setOpen] = React.useState(false);
  const create = useMutation({ ...trpc.users.membershipLevel.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.users.membershipLevel.update.mutationOptions(), meta: { inlineErrors: true } });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.users.membershipLevel.pathKey() });
  const { form, serverErrors, submit } = useEditDialogForm({
    resolver: zodResolver(membershipLevelInput.pick({ name: true })) as never,
    valuesOf,
    edit: editing,
    open,
    save: async (data: Pick<MembershipLevelInput, 'name'>) => {
      if (editing) await update.mutateAsync({ id: editing.id, data });
      else await create.mutateAsync(data);
      toast.success('Level membership tersimpan');
      await refresh();
      setOpen(false);
    },
  });
  const toggle = useMutation({
    ...trpc.users.membershipLevel.update.mutationOptions(),
    onSuccess: () => void refresh(),
  });
  const edit = (l: MembershipLevelDto | null) => {
    setEditing(l);
    setOpen(true);
  };
  const columns: Column<MembershipLevelDto>[] = [
    { key: 'name', header: 'Nama' },
    {
      key: 'status',
      header: 'Status',
      cell: (l) => <Badge variant={l.status === 1 ? 'success' : 'secondary'}>{statusLabel(l.status)}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (l) =>
        manage ? (
          <div className="flex justify-end gap-1">
            <Button size="sm" variant="outline" onClick={() => edit(l)}>
              Ubah
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate({ id: l.id, data: { status: l.status === 1 ? 0 : 1 } })}
            >
              {l.status === 1 ? 'Nonaktifkan' : 'Aktifkan'}
            </Button>
          </div>
        ) : null,
    },
  ];
  const errors = form.formState.errors;
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-2">
      <PageHeader
        title="Level Membership"
        actions={
          <>
            <ExportExcelButton
              disabled={!list.data?.length}
              onExport={() =>
                exportToExcel(
                  'level-membership',
                  [
                    { header: 'Nama', value: 'name', width: 24 },
                    { header: 'Status', value: (l) => statusLabel(l.status) },
                  ],
                  list.data ?? [],
                  'Level Membership',
                )
              }
            />
            {manage ? <Button onClick={() => edit(null)}>Level Baru</Button> : null}
          </>
        }
      />
      <p className="text-sm text-muted-foreground">Satu daftar untuk seluruh cabang; dikelola kantor pusat.</p>
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(l) => l.id}
        loading={list.isLoading}
        emptyText={list.isError ? 'Level membership gagal dimuat' : 'Belum ada level membership'}
      />
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={editing ? 'Ubah Level Membership' : 'Level Membership Baru'}
        submit={submit}
        busy={create.isPending || update.isPending}
      >
        <div className="grid gap-3">
          <FormField label="Nama" htmlFor="ml-name" error={errors.name} required>
            <Input id="ml-name" maxLength={80} aria-invalid={!!errors.name} {...form.register('name')} />
          </FormField>
          <ErrorList items={serverErrors} />
        </div>
      </FormDialog>
    </div>
  );
}
