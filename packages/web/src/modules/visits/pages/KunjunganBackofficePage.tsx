import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  addDays,
  visitHistoryCountCapped,
  VISIT_STATUS_LABEL,
  VISIT_STATUSES,
  type VisitDto,
  type VisitStatus,
} from '@klinik/shared';
import { errorItems, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { BranchFilter, branchColumn, useBranches } from '../../../components/BranchFilter';
import { DataTable } from '../../../components/DataTable';
import { SearchInput } from '../../../components/ListFilters';
import { OptionSelect } from '../../../components/OptionSelect';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { Label } from '../../../components/ui/label';
import { usePaging } from '../../../lib/use-paging';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { KUNJUNGAN_COLUMNS, KUNJUNGAN_EXPORT_COLUMNS } from '../components/kunjungan-columns';

/**
 * /backoffice/kunjungan (issue 30): the visit history of every branch or of the branches chosen, for owner and
 * developer; the 'Kunjungan' list with the branch as a column (no doctor filter: doctors are per branch).
 */
export default function KunjunganBackofficePage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const today = useBranchToday();
  const branches = useBranches();
  const { page, size, pagination, resetting } = usePaging();
  const [fromdate, setFrom] = React.useState(() => addDays(today, -30));
  const [todate, setTo] = React.useState(today);
  const [status, setStatus] = React.useState<VisitStatus | ''>('');
  const [keyword, setKeyword] = React.useState('');
  const [profiles, setProfiles] = React.useState<number[]>([]);
  const kw = useDebouncedValue(keyword.trim());
  const filters = {
    fromdate: fromdate || undefined,
    todate: todate || undefined,
    status: status || undefined,
    keyword: kw || undefined,
    profile_id: profiles.length ? profiles : undefined,
  };
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
    const rows: VisitDto[] = [];
    for (let p = 1; ; p++) {
      const res = await client.visits.backofficeHistory.query({ ...filters, page: p, limit: 500 });
      rows.push(...res.data);
      // The count is capped past the page (VISIT_HISTORY_COUNT_CAP): a short page is the end.
      if (res.data.length < 500) break;
    }
    await exportToExcel(
      `kunjungan-semua-cabang-${fromdate || 'awal'}-${todate || today}`,
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
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <BranchFilter id="bo-kj-branch" value={profiles} onChange={resetting(setProfiles)} />
        <div className="grid gap-1">
          <Label htmlFor="bo-kj-from">Dari Tanggal</Label>
          <DateInput id="bo-kj-from" value={fromdate} onChange={resetting(setFrom)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="bo-kj-to">Sampai Tanggal</Label>
          <DateInput id="bo-kj-to" value={todate} onChange={resetting(setTo)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="bo-kj-status">Status</Label>
          <OptionSelect
            id="bo-kj-status"
            value={status || 'all'}
            onValueChange={(v) => resetting(setStatus)(v === 'all' ? '' : (v as VisitStatus))}
            options={[['all', 'Semua status'], ...VISIT_STATUSES.map((s) => [s, VISIT_STATUS_LABEL[s]] as const)]}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="bo-kj-keyword">Pasien</Label>
          <SearchInput
            id="bo-kj-keyword"
            value={keyword}
            onChange={(e) => resetting(setKeyword)(e.target.value)}
            placeholder="Nama, NO RM, kode..."
          />
        </div>
      </div>
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      <DataTable
        columns={columns}
        rows={query.data?.data}
        rowKey={(v) => v.id}
        loading={query.isPending}
        pagination={pagination(query.data?.count, visitHistoryCountCapped(query.data?.count ?? 0, page, size))}
      />
    </div>
  );
}
