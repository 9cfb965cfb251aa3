import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { UserDto } from '@klinik/shared';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { BranchFilter, branchColumn, useBranches } from '../../../components/BranchFilter';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { exportToExcel } from '../../../components/export-excel';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PATIENT_COLUMNS } from '../components/patient-columns';
import { PATIENT_EXPORT_COLUMNS, patientListFilters } from '../lib';
import { fetchAllPages } from '../../../lib/fetch-all-pages';
import { PatientFilterBar } from '../components/PatientFilterBar';

/**
 * /backoffice/pasien (issue 30): the patients of every branch or of the branches chosen, for owner and developer;
 * the 'Data Pasien' list with the branch as a column (each page read is on the patients' read trail).
 */
export default function PatientsBackofficePage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const branches = useBranches();
  const [keyword, setKeyword] = React.useState('');
  const [status, setStatus] = React.useState('any');
  const [profiles, setProfiles] = React.useState<number[]>([]);
  const { page, size, cappedPagination, resetting } = usePaging();
  const kw = useDebouncedValue(keyword);
  const { keyword: k, status: st } = patientListFilters(kw, status);
  const filters = { keyword: k, status: st, profile_id: profiles.length ? profiles : undefined };
  const query = useQuery({
    ...trpc.users.backofficePatients.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const columns = [
    ...PATIENT_COLUMNS.slice(0, 2),
    branchColumn<UserDto>((u) => u.profile_id, branches.name),
    ...PATIENT_COLUMNS.slice(2),
  ];

  const exportRows = async () => {
    const { rows } = await fetchAllPages((page, limit) =>
      client.users.backofficePatients.query({ ...filters, page, limit }),
    );
    await exportToExcel<UserDto>(
      'pasien-semua-cabang',
      [{ header: 'Cabang', value: (u) => branches.name(u.profile_id), width: 22 }, ...PATIENT_EXPORT_COLUMNS],
      rows,
      'Pasien',
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Pasien"
        description="Pasien semua cabang atau cabang terpilih."
        actions={<ExportExcelButton onExport={exportRows} disabled={!query.data || query.data.count === 0} />}
      />
      <PatientFilterBar
        keyword={keyword}
        onKeyword={resetting(setKeyword)}
        status={status}
        onStatus={resetting(setStatus)}
        branchFilter={<BranchFilter id="bo-pasien-branch" inline value={profiles} onChange={resetting(setProfiles)} />}
      />
      <PagedQueryTable
        query={query}
        pagination={cappedPagination}
        columns={columns}

        onRowClick={(u) => void navigate(`/user/${u.id}`)}
        testId="patient-table"
      />
    </div>
  );
}
