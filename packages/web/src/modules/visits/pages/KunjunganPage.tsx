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
import { DataTable } from '../../../components/DataTable';
import { SearchInput } from '../../../components/ListFilters';
import { OptionSelect } from '../../../components/OptionSelect';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { exportToExcel } from '../../../components/export-excel';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { Label } from '../../../components/ui/label';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { KUNJUNGAN_COLUMNS, KUNJUNGAN_EXPORT_COLUMNS } from '../components/kunjungan-columns';
import { RegisterVisitButton } from '../components/RegisterVisitDialog';
import { useVisitLive, VISIT_POLL_MS } from '../components/useVisitLive';

/** /service/kunjungan 'Kunjungan': the branch's visit history with filters, server pages and Excel. */
export default function KunjunganPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const today = useBranchToday();
  const live = useVisitLive();
  const { page, size, pagination, resetting } = usePaging();
  const [fromdate, setFrom] = React.useState(() => addDays(today, -30));
  const [todate, setTo] = React.useState(today);
  const [doctor, setDoctor] = React.useState('');
  const [status, setStatus] = React.useState<VisitStatus | ''>('');
  const [keyword, setKeyword] = React.useState('');
  const kw = useDebouncedValue(keyword.trim());
  const filters = {
    fromdate: fromdate || undefined,
    todate: todate || undefined,
    doctor: doctor ? Number(doctor) : undefined,
    status: status || undefined,
    keyword: kw || undefined,
  };
  const doctors = useQuery({ ...trpc.visits.doctors.queryOptions(), staleTime: 60_000 });
  const query = useQuery({
    ...trpc.visits.history.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : VISIT_POLL_MS * 10,
    meta: { inlineErrors: true },
  });

  const exportAll = async () => {
    const rows: VisitDto[] = [];
    for (let p = 1; ; p++) {
      const res = await client.visits.history.query({ ...filters, page: p, limit: 500 });
      rows.push(...res.data);
      // The count is capped past the page (VISIT_HISTORY_COUNT_CAP): a short page is the end.
      if (res.data.length < 500) break;
    }
    await exportToExcel(
      `kunjungan-${fromdate || 'awal'}-${todate || today}`,
      KUNJUNGAN_EXPORT_COLUMNS,
      rows,
      'Kunjungan',
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Kunjungan"
        actions={
          <>
            <ExportExcelButton onExport={exportAll} disabled={!query.data?.count} />
            <RegisterVisitButton />
          </>
        }
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="grid gap-1">
          <Label htmlFor="kj-from">Dari Tanggal</Label>
          <DateInput id="kj-from" value={fromdate} onChange={resetting(setFrom)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="kj-to">Sampai Tanggal</Label>
          <DateInput id="kj-to" value={todate} onChange={resetting(setTo)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="kj-doctor">Dokter</Label>
          <OptionSelect
            id="kj-doctor"
            value={doctor || 'all'}
            onValueChange={(v) => resetting(setDoctor)(v === 'all' ? '' : v)}
            options={[['all', 'Semua dokter'], ...(doctors.data ?? []).map((d) => [String(d.id), d.name] as const)]}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="kj-status">Status</Label>
          <OptionSelect
            id="kj-status"
            value={status || 'all'}
            onValueChange={(v) => resetting(setStatus)(v === 'all' ? '' : (v as VisitStatus))}
            options={[['all', 'Semua status'], ...VISIT_STATUSES.map((s) => [s, VISIT_STATUS_LABEL[s]] as const)]}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="kj-keyword">Pasien</Label>
          <SearchInput
            id="kj-keyword"
            value={keyword}
            onChange={(e) => resetting(setKeyword)(e.target.value)}
            placeholder="Nama, NO RM, kode..."
          />
        </div>
      </div>
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      <DataTable
        columns={KUNJUNGAN_COLUMNS}
        rows={query.data?.data}
        rowKey={(v) => v.id}
        loading={query.isPending}
        pagination={pagination(query.data?.count, visitHistoryCountCapped(query.data?.count ?? 0, page, size))}
      />
    </div>
  );
}
