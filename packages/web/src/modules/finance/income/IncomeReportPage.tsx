import * as React from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import {
  formatRupiah,
  INCOME_KIND_TITLES,
  INCOME_KINDS,
  type IncomeKind,
  type IncomeReportDto,
  type IncomeRowDto,
} from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { DataTable } from '../../../components/DataTable';
import { exportToExcel } from '../../../components/export-excel';
import { SearchInput } from '../../../components/SearchInput';
import { FormField } from '../../../components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { branchQuery, ReportHeading, ReportToolbar, useReportFilter } from '../components/ReportToolbar';
import { excelColumns, INCOME_COLUMNS, tableColumns } from './columns';
import { IncomeNav } from './IncomeNav';
import { LedgerCheck } from './LedgerCheck';
import { usePaging } from '../../../lib/use-paging';
import { fetchAllPages } from '../../../lib/fetch-all-pages';

const ALL = 'all';

/** What the page says about its kind (docs/decisions.md, "Income reports and the financial statements hub"). */
const HINT: Record<IncomeKind, string> = {
  tindakanmedis: 'Tindakan medis yang ditagih di kasir per master tindakan; pembatalan mengurangi pada tanggal batal.',
  service: 'Pendapatan kasir per jenis layanan (tindakan, lab, produk, obat, BHP, penjualan umum) dan diskon.',
  treatment: 'Setiap nota kunjungan dan penjualan umum; nota yang dibatalkan tampil negatif pada tanggal batal.',
  paket: 'Paket terjual, cicilan diterima, slot terpakai dan pendapatan yang masih ditangguhkan.',
  pendingformlab: 'Form lab dari rekam medis yang sudah selesai dan tagihannya belum lunas.',
};

function kindOf(pathname: string): IncomeKind {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (INCOME_KINDS as readonly string[]).includes(last) ? (last as IncomeKind) : 'tindakanmedis';
}

/**
 * /finance/income/{tindakanmedis|service|paket|treatment|pendingformlab}: one page, the kind from the path.
 * `backoffice`: /backoffice/finance/income/treatment, the same report of every branch (or one) with a branch column.
 */
export default function IncomeReportPage({ backoffice = false }: { backoffice?: boolean }) {
  const path = useLocation().pathname;
  const kind = backoffice ? 'treatment' : kindOf(path);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [filter, setFilter, ready] = useReportFilter(backoffice ? 'all' : 'current');
  const [doctor, setDoctor] = React.useState(ALL);
  const [keyword, setKeyword] = React.useState('');
  const { page, size: limit, setPage, pagination } = usePaging();
  React.useEffect(() => setPage(1), [filter, doctor, keyword, limit, kind, setPage]);
  const input = {
    kind,
    from: filter.from,
    to: filter.to,
    doctor: doctor === ALL ? undefined : Number(doctor),
    keyword: keyword.trim() || undefined,
    ...branchQuery(filter),
  };
  const q = useQuery({
    ...trpc.finance.income.report.queryOptions({ ...input, page, limit }),
    enabled: ready,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const report = q.data;
  const title = INCOME_KIND_TITLES[kind];

  const exportIt = async () => {
    const { rows, last } = await fetchAllPages((page, limit) =>
      qc.fetchQuery(trpc.finance.income.report.queryOptions({ ...input, page, limit })),
    );
    const totals: IncomeRowDto = { key: 'total', code: '', name: 'TOTAL' };
    for (const c of INCOME_COLUMNS[kind])
      if (c.kind === 'money' || c.kind === 'qty') Object.assign(totals, { [c.key]: last.totals[c.key as never] });
    const first = INCOME_COLUMNS[kind][0].key;
    Object.assign(totals, { [first]: 'TOTAL' });
    await exportToExcel(
      `${kind}-${filter.from}-${filter.to}`,
      excelColumns(kind, backoffice),
      [...rows, totals],
      title,
    );
  };

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-7xl grid-cols-[minmax(0,1fr)] gap-2">
      <NoPeriodBanner />
      {backoffice ? null : <IncomeNav current={kind} />}
      <ReportToolbar filter={filter} onChange={setFilter} onExport={exportIt} exportDisabled={!report?.count}>
        <FormField label="Dokter" htmlFor="income-doctor">
          <Select value={doctor} onValueChange={setDoctor}>
            <SelectTrigger id="income-doctor">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Semua Dokter</SelectItem>
              {(report?.doctors ?? []).map((d) => (
                <SelectItem key={d.id} value={String(d.id)}>
                  {d.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField label="Cari" htmlFor="income-keyword">
          <SearchInput
            id="income-keyword"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={kind === 'treatment' ? 'Nota, pasien' : 'Nama, kode'}
          />
        </FormField>
      </ReportToolbar>
      <div className="finance-print-area grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
        <ReportHeading title={title} filter={filter} />
        <p className="text-sm text-muted-foreground">{HINT[kind]}</p>
        {q.isError ? (
          <div role="alert" className="rounded-lg border border-destructive/40 p-4 text-sm text-destructive">
            Laporan tidak dapat dimuat. Periksa filter lalu coba lagi.
          </div>
        ) : (
          <div className="rounded-lg border bg-card" data-testid="income-table">
            <DataTable
              columns={tableColumns(kind, backoffice)}
              rows={report?.data}
              rowKey={(r) => r.key}
              loading={!report}
              pagination={pagination(report?.count)}
            />
          </div>
        )}
        {report ? <Totals kind={kind} report={report} /> : null}
        {report && (kind === 'service' || kind === 'treatment' || kind === 'tindakanmedis') ? (
          <LedgerCheck report={report} filtered={doctor !== ALL || keyword.trim() !== ''} />
        ) : null}
      </div>
    </div>
  );
}

function Totals({ kind, report }: { kind: IncomeKind; report: IncomeReportDto }) {
  const cols = INCOME_COLUMNS[kind].filter((c) => c.kind === 'money' || c.kind === 'qty');
  return (
    <dl
      className="grid grid-cols-2 gap-2 rounded-lg border bg-card p-3 text-sm sm:grid-cols-4"
      data-testid="income-totals"
    >
      {cols.map((c) => {
        const v = report.totals[c.key as keyof IncomeReportDto['totals']] ?? 0;
        return (
          <div key={c.key} className="grid min-w-0 gap-0.5">
            <dt className="text-muted-foreground">Total {c.header}</dt>
            <dd className="font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid={`income-total-${c.key}`}>
              {c.kind === 'money' ? formatRupiah(v) : v}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
