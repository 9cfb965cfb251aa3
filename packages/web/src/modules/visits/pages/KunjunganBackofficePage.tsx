import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type VisitDto } from '@klinik/shared';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { BranchFilter, branchColumn, useBranches } from '../../../components/BranchFilter';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { usePaging } from '../../../lib/use-paging';
import { KUNJUNGAN_COLUMNS, KUNJUNGAN_EXPORT_COLUMNS } from '../components/kunjungan-columns';
import { fetchAllPages } from '../../../lib/fetch-all-pages';
import { KunjunganFilters, useKunjunganFilters } from '../components/KunjunganFilters';

/**
 * /backoffice/kunjungan (issue 30): the visit history of every branch or of the branches chosen, for owner and
 * developer; the 'Kunjungan' list with the branch as a column (no doctor filter: doctors are per branch).
 */
export default function KunjunganBackofficePage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const branches = useBranches();
  const { page, size, cappedPagination, resetting } = usePaging();
  const kunjungan = useKunjunganFilters(resetting);
  const [profiles, setProfiles] = React.useState<number[]>([]);
  const filters = { ...kunjungan.filters, profile_id: profiles.length ? profiles : undefined };
  const query = useQuery({
    ...trpc.visits.backofficeHistory.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const columns = [
    ...KUNJUNGAN_COLUMNS.slice(0, 2),
    branchColumn<VisitDto>((v) => v.profile_id, branches.name),
    ...KUNJUNGAN_COLUMNS.slice(2),
  ];

  const exportAll = async () => {
    const { rows } = await fetchAllPages((page, limit) =>
      client.visits.backofficeHistory.query({ ...filters, page, limit }),
    );
    await exportToExcel(
      `kunjungan-semua-cabang-${kunjungan.period}`,
      [{ header: 'Cabang', value: (v) => branches.name(v.profile_id), width: 22 }, ...KUNJUNGAN_EXPORT_COLUMNS],
      rows,
      'Kunjungan',
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Kunjungan"
        description="Kunjungan semua cabang atau cabang terpilih."
        actions={<ExportExcelButton onExport={exportAll} disabled={!query.data?.count} />}
      />
      <KunjunganFilters
        idPrefix="bo-kj"
        {...kunjungan.props}
        branchFilter={<BranchFilter id="bo-kj-branch" value={profiles} onChange={resetting(setProfiles)} />}
      />
      <PagedQueryTable query={query} pagination={cappedPagination} columns={columns} />
    </div>
  );
}
