import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { MemberDto } from '@klinik/shared';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { BranchFilter, branchColumn, useBranches } from '../../../components/BranchFilter';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { MEMBER_COLUMNS, MEMBER_EXPORT_COLUMNS, memberLines } from '../components/member-columns';
import { fetchAllPages } from '../../../lib/fetch-all-pages';
import { MemberFilterBar, useMemberListFilters } from '../components/MemberFilterBar';

/**
 * /backoffice/membership/member (issue 30): the members of every branch or of the branches chosen, for owner and
 * developer; the 'Member' list with the branch as a column.
 */
export default function MemberBackofficePage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const today = useBranchToday();
  const branches = useBranches();
  const members = useMemberListFilters();
  const { page, size, pagination } = members.paging;
  const { profiles } = members;
  const filters = { ...members.filters, profile_id: profiles.length ? profiles : undefined };
  const query = useQuery({
    ...trpc.desk.backofficeMembers.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const columns = [
    ...MEMBER_COLUMNS.slice(0, 2),
    branchColumn<MemberDto>((m) => m.profile_id, branches.name),
    ...MEMBER_COLUMNS.slice(2),
  ];

  const exportRows = async () => {
    const { rows } = await fetchAllPages((page, limit) =>
      client.desk.backofficeMembers.query({ ...filters, page, limit }),
    );
    await exportToExcel(
      `member-semua-cabang-${today}`,
      [{ header: 'Cabang', value: (r) => branches.name(r.m.profile_id), width: 22 }, ...MEMBER_EXPORT_COLUMNS],
      memberLines(rows),
      'Member',
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Member"
        description="Member semua cabang atau cabang terpilih."
        actions={<ExportExcelButton onExport={exportRows} disabled={!query.data || query.data.count === 0} />}
      />
      <MemberFilterBar
        {...members.bar}
        branchFilter={<BranchFilter id="bo-member-branch" inline value={profiles} onChange={members.setProfiles} />}
      />
      <PagedQueryTable
        query={query}
        pagination={pagination}
        columns={columns}

        onRowClick={(m) => void navigate(`/customer/${m.id}`)}
        testId="member-table"
      />
    </div>
  );
}
