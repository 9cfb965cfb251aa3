import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  formatDate,
  formatNumber,
  formatRupiah,
  fromSen,
  sumSen,
  toSen,
  type BackofficeSummaryDto,
  type BackofficeSummaryTotals,
} from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { BranchMultiSelect, branchIdsParam } from '../../../components/BranchMultiSelect';
import { exportToExcel, type ExcelColumn } from '../../../components/export-excel';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { ErrorRetry } from '../../../components/ErrorRetry';
import { DateInput } from '../../../components/ui/date-input';
import { FormField } from '../../../components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMetric, METRICS, monthLabel, type MetricKey } from '../components/summary-metrics';

const NO_SEASON = 'none';
const SummaryChart = React.lazy(() => import('../components/SummaryChart'));
const RUPIAH_FMT = '#,##0.00';

type BranchRow = BackofficeSummaryTotals & { profile_id: number; profile_name: string };
type MonthRow = { month: string; values: Record<number, number>; total: number };

function monthRows(data: BackofficeSummaryDto, metric: MetricKey): MonthRow[] {
  return data.months.map((month) => {
    const values: Record<number, number> = {};
    for (const r of data.rows) if (r.month === month) values[r.profile_id] = r[metric];
    const total = fromSen(sumSen(Object.values(values).map(toSen)));
    return { month, values, total };
  });
}

/** /backoffice: the head office's dashboard comparing branches, per month (issue 30 item 1). */
export default function BackofficeDashboardPage() {
  const trpc = useTRPC();
  const [branches, setBranches] = React.useState<number[]>([]);
  const [range, setRange] = React.useState<{ from?: string; to?: string }>({});
  const [metric, setMetric] = React.useState<MetricKey>('revenue');
  // A promo season narrows the comparison to its branches and dates and to its package types' sales.
  const [season, setSeason] = React.useState(NO_SEASON);
  const seasons = useQuery({ ...trpc.season.list.queryOptions({ page: 1, limit: 100 }), meta: { inlineErrors: true } });
  const q = useQuery({
    ...trpc.backoffice.summary.queryOptions({
      ...range,
      profile_id: branchIdsParam(branches),
      season: season === NO_SEASON ? undefined : Number(season),
    }),
    meta: { inlineErrors: true },
  });
  const chooseSeason = (v: string) => {
    setSeason(v);
    // The season's own dates, until the user narrows them.
    setRange({});
  };
  const data = q.data;
  const branchRows: BranchRow[] = data ? data.byBranch : [];
  const branchColumns: Column<BranchRow>[] = [
    { key: 'branch', header: 'Cabang', primary: true, cell: (r) => r.profile_name },
    ...METRICS.map((m, i): Column<BranchRow> => ({
      key: m.key,
      header: m.label,
      kind: 'number',
      priority: i === 0 || i === 1 ? undefined : i < 4 ? 3 : 2,
      cell: (r) => formatMetric(m.key, r[m.key]),
    })),
  ];
  const withTotal: BranchRow[] = data ? [...branchRows, { profile_id: 0, profile_name: 'Total', ...data.total }] : [];
  const byMonth = data ? monthRows(data, metric) : [];
  const monthColumns: Column<MonthRow>[] = data
    ? [
        { key: 'month', header: 'Bulan', primary: true, cell: (r) => monthLabel(r.month) },
        ...data.branches.map((b): Column<MonthRow> => ({
          key: `b${b.id}`,
          header: b.name,
          kind: 'number',
          cell: (r) => formatMetric(metric, r.values[b.id] ?? 0),
        })),
        { key: 'total', header: 'Total', kind: 'number', cell: (r) => formatMetric(metric, r.total) },
      ]
    : [];
  const exportIt = async () => {
    if (!data) return;
    const cols: ExcelColumn<BackofficeSummaryDto['rows'][number]>[] = [
      { header: 'Cabang', value: 'profile_name', width: 28 },
      { header: 'Bulan', value: (r) => monthLabel(r.month), width: 12 },
      { header: 'Dari', value: (r) => formatDate(r.from), width: 14 },
      { header: 'Sampai', value: (r) => formatDate(r.to), width: 14 },
      ...METRICS.map((m) => ({ header: m.label, value: m.key, width: 18, numFmt: m.money ? RUPIAH_FMT : '#,##0' })),
    ];
    const total = { profile_id: 0, profile_name: 'Total', month: data.months[0], from: data.from, to: data.to };
    await exportToExcel(
      `backoffice-${data.from}-${data.to}`,
      cols,
      [...data.rows, { ...total, ...data.total }],
      'Backoffice',
    );
  };
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Beranda Backoffice"
        description="Perbandingan cabang per bulan: pendapatan, kunjungan, pasien baru, paket, piutang dan nilai stok."
        actions={<ExportExcelButton onExport={exportIt} disabled={!data} />}
      />
      <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2 lg:grid-cols-5">
        <FormField label="Cabang" htmlFor="bo-branches" className="min-w-0">
          <BranchMultiSelect id="bo-branches" value={branches} onChange={setBranches} />
        </FormField>
        <FormField label="Musim Promo" htmlFor="bo-season">
          <Select value={season} onValueChange={chooseSeason}>
            <SelectTrigger id="bo-season">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_SEASON}>Semua (tanpa musim)</SelectItem>
              {(seasons.data?.data ?? []).map((s) => (
                <SelectItem key={s.id} value={String(s.id)}>
                  {s.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField label="Dari Tanggal" htmlFor="bo-from">
          <DateInput
            id="bo-from"
            value={range.from ?? data?.from ?? ''}
            max={range.to ?? data?.to}
            onChange={(v) => v && setRange((r) => ({ ...r, from: v }))}
          />
        </FormField>
        <FormField label="Sampai Tanggal" htmlFor="bo-to">
          <DateInput
            id="bo-to"
            value={range.to ?? data?.to ?? ''}
            min={range.from ?? data?.from}
            onChange={(v) => v && setRange((r) => ({ ...r, to: v }))}
          />
        </FormField>
        <FormField label="Grafik" htmlFor="bo-metric">
          <Select value={metric} onValueChange={(v) => setMetric(v as MetricKey)}>
            <SelectTrigger id="bo-metric">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {METRICS.map((m) => (
                <SelectItem key={m.key} value={m.key}>
                  {m.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      </div>
      <ErrorRetry query={q} />
      {data?.season ? (
        <section
          className="grid gap-1 rounded-lg border bg-card p-3 sm:grid-cols-3"
          aria-label="Target musim promo"
          data-testid="season-target"
        >
          <p className="sm:col-span-3 text-sm text-muted-foreground">
            {data.season.name}: {formatDate(data.season.start_at)} - {formatDate(data.season.end_at)}
          </p>
          <p>
            <span className="block text-xs text-muted-foreground">Target pendapatan</span>
            <span className="font-semibold">{formatRupiah(data.season.revenue_target)}</span>
          </p>
          <p>
            <span className="block text-xs text-muted-foreground">Pendapatan</span>
            <span className="font-semibold">{formatRupiah(data.season.revenue)}</span>
          </p>
          <p>
            <span className="block text-xs text-muted-foreground">Tercapai</span>
            <span className="font-semibold">
              {data.season.achieved_percent === null ? '-' : `${formatNumber(data.season.achieved_percent)}%`}
            </span>
          </p>
        </section>
      ) : null}
      <section className="rounded-lg border bg-card p-3" aria-label="Grafik perbandingan cabang">
        {data ? (
          <React.Suspense fallback={<Skeleton className="h-72" />}>
            <SummaryChart data={data} metric={metric} />
          </React.Suspense>
        ) : (
          <Skeleton className="h-72" />
        )}
      </section>
      <section className="grid gap-2">
        <h2 className="text-base font-semibold">Per cabang</h2>
        <DataTable
          columns={branchColumns}
          rows={data ? withTotal : undefined}
          rowKey={(r) => r.profile_id}
          loading={q.isLoading}
          paginate={false}
        />
      </section>
      <section className="grid gap-2">
        <h2 className="text-base font-semibold">{METRICS.find((m) => m.key === metric)?.label} per bulan</h2>
        <DataTable
          columns={monthColumns}
          rows={data ? [...byMonth] : undefined}
          rowKey={(r) => r.month}
          loading={q.isLoading}
          paginate={false}
        />
      </section>
    </div>
  );
}
