import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { KeyRound, UserPlus, UserRound } from 'lucide-react';
import { canFeature, formatDate, type UserAdminListQuery, type UserDto } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { exportToExcel } from '../../../components/export-excel';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { CreateEmployeeDialog } from '../components/CreateEmployeeDialog';
import { PrivilegesDialog } from '../components/PrivilegesDialog';
import { StaffFilterBar } from '../components/StaffFilterBar';
import { fullRole, StaffStatusBadge, useStaffListFilters } from '../components/staff-list';
import { fetchAllPages } from '../../../lib/fetch-all-pages';
import { statusLabel } from '../../../lib/status';
import { UserNameCell } from '../../../components/UserNameCell';

/** /master/users: staff accounts of the branch, with create, profile and privileges. */
export default function UsersPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const me = useSession();
  const navigate = useNavigate();
  const staff = useStaffListFilters();
  const { page, size, cappedPagination } = staff.paging;
  const [creating, setCreating] = React.useState(false);
  const [privFor, setPrivFor] = React.useState<UserDto | null>(null);
  /** null: closed; a message: the change waits for approval. */
  const [success, setSuccess] = React.useState<{ pending?: string } | null>(null);
  const canManage = canFeature(me, 'SETTING_USER', 'manage');

  const filters: Omit<UserAdminListQuery, 'page' | 'limit'> = { type: 'staff', ...staff.filters };
  const query = useQuery({
    ...trpc.users.adminList.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });

  const columns: Column<UserDto>[] = [
    {
      key: 'name',
      header: 'Nama',
      cell: (u) => (
        <UserNameCell user={u}>
          <div className="truncate text-xs text-muted-foreground">{u.username}</div>
          <div className="mt-1 flex flex-wrap gap-1 sm:hidden">
            <Badge variant="secondary">{fullRole(u)}</Badge>
            <StaffStatusBadge status={u.status} />
          </div>
        </UserNameCell>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      cell: (u) => <Badge variant="secondary">{fullRole(u)}</Badge>,
      className: 'hidden sm:table-cell',
      headerClassName: 'hidden sm:table-cell',
    },
    {
      key: 'status',
      header: 'Status',
      cell: (u) => <StaffStatusBadge status={u.status} />,
      className: 'hidden sm:table-cell',
      headerClassName: 'hidden sm:table-cell',
    },
    {
      key: 'phone',
      header: 'Telepon',
      cell: (u) => u.phone ?? '-',
      className: 'hidden md:table-cell',
      headerClassName: 'hidden md:table-cell',
    },
    {
      key: 'actions',
      header: <span className="sr-only">Aksi</span>,
      kind: 'action',
      cell: (u) => (
        <div
          className="flex justify-end gap-1"
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void navigate(`/user/${u.id}`)}
            aria-label={`Profil ${u.name}`}
          >
            <UserRound /> <span className="hidden lg:inline">Profil</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setPrivFor(u)} aria-label={`Hak akses ${u.name}`}>
            <KeyRound /> <span className="hidden lg:inline">Hak Akses</span>
          </Button>
        </div>
      ),
    },
  ];

  const exportRows = async () => {
    const { rows } = await fetchAllPages((page, limit) => client.users.adminList.query({ ...filters, page, limit }));
    await exportToExcel<UserDto>(
      'pengguna',
      [
        { header: 'Username', value: 'username', width: 18 },
        { header: 'Nama', value: 'name', width: 30 },
        { header: 'Role', value: (u) => fullRole(u), width: 24 },
        { header: 'Status', value: (u) => statusLabel(u.status), width: 12 },
        { header: 'Jenis Kelamin', value: 'gendername', width: 14 },
        { header: 'Telepon', value: 'phone', width: 18 },
        { header: 'Email', value: 'email', width: 26 },
        { header: 'Alamat', value: 'address', width: 40 },
        { header: 'Bergabung', value: (u) => (u.join_at ? formatDate(u.join_at) : ''), width: 16 },
      ],
      rows,
      'Pengguna',
    );
  };

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-6xl gap-4">
      <PageHeader
        title="Pengguna"
        description="Akun pegawai cabang ini, role, status dan hak akses."
        actions={
          <>
            <ExportExcelButton onExport={exportRows} />
            {canManage ? (
              <Button onClick={() => setCreating(true)}>
                <UserPlus /> Tambah Pegawai
              </Button>
            ) : null}
          </>
        }
      />
      <StaffFilterBar {...staff.bar} />
      <PagedQueryTable
        query={query}
        pagination={cappedPagination}
        columns={columns}

        onRowClick={(u) => void navigate(`/user/${u.id}`)}
      />
      {canManage ? (
        <CreateEmployeeDialog
          me={me}
          open={creating}
          onOpenChange={setCreating}
          onCreated={(pending) => setSuccess({ pending })}
        />
      ) : null}
      {privFor ? (
        <PrivilegesDialog
          user={privFor}
          open={!!privFor}
          onOpenChange={(o) => (o ? undefined : setPrivFor(null))}
          onSaved={(pending) => setSuccess({ pending })}
          readOnly={!canManage}
        />
      ) : null}
      <SuccessDialog
        open={!!success}
        onClose={() => setSuccess(null)}
        {...(success?.pending
          ? {
              title: 'Menunggu Persetujuan',
              description: `${success.pending}. Perubahan berlaku setelah disetujui.`,
            }
          : {})}
      />
    </div>
  );
}
