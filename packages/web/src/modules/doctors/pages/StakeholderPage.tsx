import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { statusLabel } from '../../../lib/status';
import { api, useTRPC } from '../../../lib/trpc';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { usePaging } from '../../../lib/use-paging';

interface StaffRow {
  id: number;
  username: string;
  name: string;
  rolename: string;
  status: number;
  phone: string | null;
  email: string | null;
  join_at: string | null;
  branch: string;
  sip_number: string | null;
  specialization: string | null;
}

/** 'Data Dokter' and 'Data Pegawai' (/dashboard/stakeholder/...): the branch's doctors or employees, search, Excel. */
function StakeholderList({ doctors }: { doctors: boolean }) {
  const trpc = useTRPC();
  const today = useBranchToday();
  const [keyword, setKeyword] = React.useState('');
  const { page, size: limit, pagination, resetting } = usePaging();
  const input = { keyword: keyword.trim() || undefined, page, limit };
  const q = useQuery({
    ...(doctors
      ? trpc.doctors.stakeholderDoctors.queryOptions(input)
      : trpc.doctors.stakeholderEmployees.queryOptions(input)),
    meta: { inlineErrors: true },
  });
  const columns: Column<StaffRow>[] = [
    {
      key: 'name',
      header: 'Nama',
      cell: (r) => (
        <div>
          <p>{r.name}</p>
          <p className="text-xs text-muted-foreground">{r.username}</p>
        </div>
      ),
    },
    { key: 'role', header: 'Role', cell: (r) => r.rolename },
    ...(doctors
      ? [
          { key: 'sip', header: 'No SIP', cell: (r: StaffRow) => r.sip_number ?? '-' },
          { key: 'spec', header: 'Spesialisasi', cell: (r: StaffRow) => r.specialization ?? '-' },
        ]
      : []),
    { key: 'branch', header: 'Cabang', cell: (r) => r.branch },
    { key: 'phone', header: 'Telepon', cell: (r) => r.phone ?? '-' },
    { key: 'email', header: 'Email', cell: (r) => r.email ?? '-' },
    { key: 'join', header: 'Bergabung', cell: (r) => (r.join_at ? formatDate(r.join_at) : '-') },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => <Badge variant={r.status === 1 ? 'success' : 'secondary'}>{statusLabel(r.status)}</Badge>,
    },
  ];
  const exportAll = async () => {
    const res = await api.get<{ data: StaffRow[] }>(`/api/dashboard/stakeholder/${doctors ? 'doctor' : 'pegawai'}`, {
      query: { keyword: keyword.trim() || undefined, limit: 500 },
    });
    await exportToExcel(
      `${doctors ? 'data-dokter' : 'data-pegawai'}-${today}`,
      [
        { header: 'Username', value: 'username', width: 18 },
        { header: 'Nama', value: 'name', width: 28 },
        { header: 'Role', value: 'rolename', width: 14 },
        ...(doctors
          ? [
              { header: 'No SIP', value: (r: StaffRow) => r.sip_number ?? '', width: 24 },
              { header: 'Spesialisasi', value: (r: StaffRow) => r.specialization ?? '', width: 24 },
            ]
          : []),
        { header: 'Cabang', value: 'branch', width: 24 },
        { header: 'Telepon', value: (r) => r.phone ?? '', width: 16 },
        { header: 'Email', value: (r) => r.email ?? '', width: 26 },
        { header: 'Bergabung', value: (r) => r.join_at ?? '', width: 12 },
        { header: 'Status', value: (r) => statusLabel(r.status), width: 12 },
      ],
      res.data,
      doctors ? 'Dokter' : 'Pegawai',
    );
  };
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={doctors ? 'Data Dokter' : 'Data Pegawai'}
        description={doctors ? 'Dokter cabang ini dan dokter yang praktik di sini.' : 'Pegawai cabang ini.'}
        actions={<ExportExcelButton onExport={exportAll} disabled={!q.data?.count} />}
      />
      <FormField label="Cari" htmlFor="stakeholder-keyword" className="max-w-sm">
        <Input
          id="stakeholder-keyword"
          value={keyword}
          onChange={(e) => resetting(setKeyword)(e.target.value)}
          placeholder="Nama, username, telepon"
        />
      </FormField>
      <PagedQueryTable query={q} pagination={pagination} columns={columns} />
    </div>
  );
}

export function DoctorDataPage() {
  return <StakeholderList doctors />;
}
export function EmployeeDataPage() {
  return <StakeholderList doctors={false} />;
}
