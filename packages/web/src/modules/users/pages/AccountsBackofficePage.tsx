import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDate, type UserDto } from '@klinik/shared';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { BranchFilter, branchColumn, useBranches } from '../../../components/BranchFilter';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { exportToExcel } from '../../../components/export-excel';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { statusLabel } from '../../../lib/status';
import { StaffFilterBar } from '../components/StaffFilterBar';
import { fullRole, StaffStatusBadge, useStaffListFilters } from '../components/staff-list';
import { fetchAllPages } from '../../../lib/fetch-all-pages';
import { UserNameCell } from '../../../components/UserNameCell';

/**
 * /backoffice/account/user (issue 30): the staff accounts of every branch or of the branches chosen, with their
 * branch, role and status, for owner and developer; an account opens on its profile card (/user/{id}).
 */
export default function AccountsBackofficePage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const branches = useBranches();
  const staff = useStaffListFilters();
  const { page, size, cappedPagination } = staff.paging;
  const { profiles } = staff;
  const filters = { ...staff.filters, profile_id: profiles.length ? profiles : undefined };
  const query = useQuery({
    ...trpc.users.backofficeAccounts.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });

  const columns: Column<UserDto>[] = [
    {
      key: 'name',
      header: 'Nama',
      primary: true,
      cell: (u) => (
        <UserNameCell user={u}>
          <div className="truncate text-xs text-muted-foreground">
            {u.username}
            <span className="md:hidden"> · {branches.name(u.profile_id)}</span>
          </div>
        </UserNameCell>
      ),
    },
    branchColumn<UserDto>((u) => u.profile_id, branches.name),
    { key: 'role', header: 'Role', cell: (u) => <Badge variant="secondary">{fullRole(u)}</Badge> },
    {
      key: 'status',
      header: 'Status',
      cell: (u) => <StaffStatusBadge status={u.status} />,
    },
    { key: 'phone', header: 'Telepon', cell: (u) => u.phone ?? '-', priority: 3 },
  ];

  const exportRows = async () => {
    const { rows } = await fetchAllPages((page, limit) =>
      client.users.backofficeAccounts.query({ ...filters, page, limit }),
    );
    await exportToExcel<UserDto>(
      'akun-pengguna-semua-cabang',
      [
        { header: 'Cabang', value: (u) => branches.name(u.profile_id), width: 22 },
        { header: 'Username', value: 'username', width: 18 },
        { header: 'Nama', value: 'name', width: 30 },
        { header: 'Role', value: (u) => fullRole(u), width: 24 },
        { header: 'Status', value: (u) => statusLabel(u.status), width: 12 },
        { header: 'Telepon', value: 'phone', width: 18 },
        { header: 'Email', value: 'email', width: 26 },
        { header: 'Bergabung', value: (u) => (u.join_at ? formatDate(u.join_at) : ''), width: 16 },
      ],
      rows,
      'Akun Pengguna',
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Akun Pengguna"
        description="Akun pegawai semua cabang: cabang, role dan status."
        actions={<ExportExcelButton onExport={exportRows} disabled={!query.data?.count} />}
      />
      <StaffFilterBar
        {...staff.bar}
        branchFilter={<BranchFilter id="bo-account-branch" inline value={profiles} onChange={staff.setProfiles} />}
      />
      <PagedQueryTable
        query={query}
        pagination={cappedPagination}
        columns={columns}

        onRowClick={(u) => void navigate(`/user/${u.id}`)}
      />
    </div>
  );
}
