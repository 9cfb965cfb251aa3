import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { MEMBER_COLUMNS, MEMBER_EXPORT_COLUMNS, memberLines } from '../components/member-columns';
import { fetchAllPages } from '../../../lib/fetch-all-pages';
import { MemberFilterBar, useMemberListFilters } from '../components/MemberFilterBar';

/** /membership/member 'Member': patients holding packages, with their packages; search, filter, Excel. */
export default function MemberPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const today = useBranchToday();
  const members = useMemberListFilters();
  const { page, size, pagination } = members.paging;
  const { filters } = members;
  const query = useQuery({
    ...trpc.desk.members.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });

  const exportRows = async () => {
    const { rows } = await fetchAllPages((page, limit) => client.desk.members.query({ ...filters, page, limit }));
    await exportToExcel(`member-${today}`, MEMBER_EXPORT_COLUMNS, memberLines(rows), 'Member');
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Member"
        description="Pasien yang memiliki paket beserta paketnya."
        actions={<ExportExcelButton onExport={exportRows} disabled={!query.data || query.data.count === 0} />}
      />
      <MemberFilterBar {...members.bar} />
      <PagedQueryTable
        query={query}
        pagination={pagination}
        columns={MEMBER_COLUMNS}

        onRowClick={(m) => void navigate(`/customer/${m.id}`)}
        testId="member-table"
      />
    </div>
  );
}
