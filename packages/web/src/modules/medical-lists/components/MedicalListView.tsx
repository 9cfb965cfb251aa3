import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { addDays, MEDICAL_LIST_TITLE, type MedicalListKind, type Paged } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { type Column } from '../../../components/DataTable';
import { SearchInput } from '../../../components/ListFilters';
import { OptionSelect } from '../../../components/OptionSelect';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { exportToExcel, type ExcelColumn } from '../../../components/export-excel';
import { DateInput } from '../../../components/ui/date-input';
import { Label } from '../../../components/ui/label';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { fetchAllPages } from '../../../lib/fetch-all-pages';

/** What a list page sends: the filters (and the page) of GET /api/rekammedis/daftar/{kind}. */
export interface ListInput {
  fromdate?: string;
  todate?: string;
  doctor?: number;
  keyword?: string;
  isallbranch?: number;
  page: number;
  limit: number;
}

/** The filter state of a record list: date range (last 30 days by default), doctor, patient, page. */
export function useMedicalListFilters(backoffice: boolean) {
  const today = useBranchToday();
  const { page, size: limit, pagination, resetting: reset } = usePaging();
  const [fromdate, setFrom] = React.useState(() => addDays(today, -30));
  const [todate, setTo] = React.useState(today);
  const [doctor, setDoctor] = React.useState('');
  const [keyword, setKeyword] = React.useState('');
  const kw = useDebouncedValue(keyword.trim());
  const filters = {
    fromdate: fromdate || undefined,
    todate: todate || undefined,
    doctor: doctor ? Number(doctor) : undefined,
    keyword: kw || undefined,
    isallbranch: backoffice ? 1 : undefined,
  };
  return {
    backoffice,
    today,
    filters,
    input: { ...filters, page, limit } as ListInput,
    pagination,
    state: { fromdate, todate, doctor, keyword },
    set: {
      fromdate: reset(setFrom),
      todate: reset(setTo),
      doctor: reset(setDoctor),
      keyword: reset(setKeyword),
    },
  };
}
export type MedicalListFilters = ReturnType<typeof useMedicalListFilters>;

/**
 * A record list page (issue 12): filters (date range, doctor, patient name or NO RM), the rows of the page in a
 * DataTable with server pages, Excel of every row of the filter (taken 500 at a time, each page logged as an
 * export). The page file owns its query (trpc.medicalLists.<kind>), so the page's access is checked against it.
 */
export function MedicalListView<T>({
  kind,
  f,
  query,
  columns,
  excel,
  fetchPage,
  rowKey,
}: {
  kind: MedicalListKind;
  f: MedicalListFilters;
  query: { data?: Paged<T>; error: unknown; isPending: boolean };
  columns: Column<T>[];
  excel: ExcelColumn<T>[];
  fetchPage: (page: number) => Promise<Paged<T>>;
  rowKey: (row: T) => string | number;
}) {
  const trpc = useTRPC();
  const doctors = useQuery({
    ...trpc.medicalLists.doctors.queryOptions(f.backoffice ? { isallbranch: 1 } : {}),
    staleTime: 60_000,
  });
  const title = MEDICAL_LIST_TITLE[kind];
  const id = (s: string) => `rm-${kind}-${s}`;
  const exportAll = async () => {
    const { rows } = await fetchAllPages(fetchPage);
    await exportToExcel(
      `rekam-medis-${kind}-${f.state.fromdate || 'awal'}-${f.state.todate || f.today}`,
      excel,
      rows,
      title,
    );
  };
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={title}
        description={f.backoffice ? 'Semua cabang' : undefined}
        actions={<ExportExcelButton onExport={exportAll} disabled={!query.data?.count} />}
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1">
          <Label htmlFor={id('from')}>Dari Tanggal</Label>
          <DateInput id={id('from')} value={f.state.fromdate} onChange={f.set.fromdate} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={id('to')}>Sampai Tanggal</Label>
          <DateInput id={id('to')} value={f.state.todate} onChange={f.set.todate} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={id('doctor')}>Dokter</Label>
          <OptionSelect
            id={id('doctor')}
            value={f.state.doctor || 'all'}
            onValueChange={(v) => f.set.doctor(v === 'all' ? '' : v)}
            options={[['all', 'Semua dokter'], ...(doctors.data ?? []).map((d) => [String(d.id), d.name] as const)]}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={id('keyword')}>Pasien</Label>
          <SearchInput
            id={id('keyword')}
            value={f.state.keyword}
            onChange={(e) => f.set.keyword(e.target.value)}
            placeholder="Nama atau NO RM..."
          />
        </div>
      </div>
      <PagedQueryTable
        query={query}
        pagination={f.pagination}
        columns={columns}
        rowKey={rowKey}
        emptyText="Tidak ada data pada rentang ini"
      />
    </div>
  );
}
