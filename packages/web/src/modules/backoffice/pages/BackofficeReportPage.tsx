import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import {
  formatDate,
  formatRupiah,
  type BackofficeBalanceSheetDto,
  type BackofficeProfitLossDto,
  type BackofficeTrialBalanceDto,
  type ConsolidatedTrialBalanceRow,
  type StatementSection,
  type TrialBalanceRow,
} from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { BranchMultiSelect, branchIdsParam } from '../../../components/BranchMultiSelect';
import { exportToExcel, type ExcelColumn } from '../../../components/export-excel';
import { DataTable, type Column } from '../../../components/DataTable';
import { ErrorRetry } from '../../../components/ErrorRetry';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { FormField } from '../../../components/ui/form';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import '../print.css';

const RUPIAH_FMT = '#,##0.00';
type Tab = 'trialbalance' | 'labarugi' | 'neraca';
const money = (v: number) => (v ? formatRupiah(v) : '');

const allTbColumns = (consolidated: boolean): Column<ConsolidatedTrialBalanceRow>[] => [
  { key: 'code', header: 'Kode', kind: 'date', cell: (r) => r.code },
  { key: 'name', header: 'Akun', primary: true, cell: (r) => r.name },
  { key: 'od', header: 'Saldo Awal D', kind: 'number', priority: 3, cell: (r) => money(r.opening_debit) },
  { key: 'oc', header: 'Saldo Awal K', kind: 'number', priority: 3, cell: (r) => money(r.opening_credit) },
  { key: 'd', header: 'Debit', kind: 'number', priority: 2, cell: (r) => money(r.debit) },
  { key: 'c', header: 'Kredit', kind: 'number', priority: 2, cell: (r) => money(r.credit) },
  {
    key: 'cd',
    header: 'Saldo Akhir D',
    kind: 'number',
    priority: consolidated ? 3 : undefined,
    cell: (r) => money(r.closing_debit),
  },
  {
    key: 'cc',
    header: 'Saldo Akhir K',
    kind: 'number',
    priority: consolidated ? 3 : undefined,
    cell: (r) => money(r.closing_credit),
  },
  ...(consolidated
    ? ([
        { key: 'ed', header: 'Eliminasi D', kind: 'number', priority: 2, cell: (r) => money(r.elimination_debit) },
        { key: 'ec', header: 'Eliminasi K', kind: 'number', priority: 2, cell: (r) => money(r.elimination_credit) },
        { key: 'fd', header: 'Konsolidasi D', kind: 'number', cell: (r) => money(r.consolidated_debit) },
        { key: 'fc', header: 'Konsolidasi K', kind: 'number', cell: (r) => money(r.consolidated_credit) },
      ] satisfies Column<ConsolidatedTrialBalanceRow>[])
    : []),
];

/**
 * The trial balance's columns. On screen the consolidated view keeps the movement, the elimination and the result
 * (eight columns fit a 1280 px screen); the opening and pre-elimination closing balances are in the Excel file.
 */
const SCREEN_HIDDEN_WHEN_CONSOLIDATED = new Set(['od', 'oc', 'cd', 'cc']);
/** A balance as one figure with its side (D or K): the phone's column instead of a debit and a credit column. */
const sided = (debit: number, credit: number) =>
  debit === credit ? '' : `${formatRupiah(Math.abs(debit - credit))} ${debit > credit ? 'D' : 'K'}`;
const PHONE_ONLY = 'md:hidden';
/** Below 768 px the closing (or consolidated) debit and credit give way to one sided column, so the page fits. */
const phoneColumn = (consolidated: boolean): Column<ConsolidatedTrialBalanceRow> => ({
  key: 'phone',
  header: consolidated ? 'Konsolidasi' : 'Saldo Akhir',
  kind: 'number',
  className: PHONE_ONLY,
  headerClassName: PHONE_ONLY,
  cell: (r) =>
    consolidated ? sided(r.consolidated_debit, r.consolidated_credit) : sided(r.closing_debit, r.closing_credit),
});
const PAIRED = new Set(['cd', 'cc', 'fd', 'fc']);
const tbColumns = (consolidated: boolean, screen = true): Column<ConsolidatedTrialBalanceRow>[] => {
  const cols = allTbColumns(consolidated).filter(
    (c) => !(screen && consolidated && SCREEN_HIDDEN_WHEN_CONSOLIDATED.has(c.key)),
  );
  if (!screen) return cols;
  return [...cols.map((c) => (PAIRED.has(c.key) ? { ...c, priority: 2 as const } : c)), phoneColumn(consolidated)];
};

type Totals = BackofficeTrialBalanceDto['reports'][number]['totals'] & Partial<BackofficeTrialBalanceDto['totals']>;
const NO_ELIMINATION = { elimination_debit: 0, elimination_credit: 0, consolidated_debit: 0, consolidated_credit: 0 };
const asRow = (x: TrialBalanceRow): ConsolidatedTrialBalanceRow => ({ ...NO_ELIMINATION, ...x });

function tbTotalRow(tb: Totals): ConsolidatedTrialBalanceRow {
  return { ...NO_ELIMINATION, akun_id: 0, code: '', name: 'Total', category: 0, categoryname: '', normal: 'D', ...tb };
}

function TrialBalanceView({ data }: { data: BackofficeTrialBalanceDto }) {
  if (data.consolidated) {
    return (
      <DataTable
        columns={tbColumns(true)}
        rows={[...data.rows, tbTotalRow(data.totals)]}
        rowKey={(r) => r.akun_id}
        paginate={false}
      />
    );
  }
  return (
    <div className="grid gap-4">
      {data.reports.map((r) => (
        <section key={r.profile_id} className="grid gap-2">
          <h3 className="font-semibold">{r.profile_name}</h3>
          <DataTable
            columns={tbColumns(false)}
            rows={[...r.rows.map(asRow), tbTotalRow(r.totals)]}
            rowKey={(x) => x.akun_id}
            paginate={false}
          />
        </section>
      ))}
    </div>
  );
}

type PlRow = { key: string; label: string; values: Record<string, number>; total: number; strong?: boolean };
function plRows(pl: BackofficeProfitLossDto): PlRow[] {
  const out: PlRow[] = [];
  const line = (key: string, label: string, v: Record<string, number> & { total?: number }, strong = false) => {
    const { total, ...values } = v;
    out.push({ key, label, values, total: total ?? 0, strong });
  };
  for (const s of pl.sections) {
    for (const l of s.lines) line(`l${l.akun_id}`, `${l.code} ${l.name}`, { ...l.amounts, total: l.total });
    line(`s${s.category}`, `Total ${s.title}`, { ...s.totals, total: s.total }, true);
    if (s.category === 5) line('gross', 'Laba Kotor', pl.gross_profit, true);
    if (s.category === 6) line('operating', 'Laba Usaha', pl.operating_profit, true);
  }
  line('net', 'Laba (Rugi) Bersih', pl.net_profit, true);
  return out;
}

function ProfitLossView({ data }: { data: BackofficeProfitLossDto }) {
  const columns: Column<PlRow>[] = [
    {
      key: 'label',
      header: 'Keterangan',
      primary: true,
      cell: (r) => (r.strong ? <strong>{r.label}</strong> : r.label),
    },
    ...data.branches.map((b): Column<PlRow> => ({
      key: `b${b.id}`,
      header: b.name,
      kind: 'number',
      priority: 3,
      cell: (r) => formatRupiah(r.values[String(b.id)] ?? 0),
    })),
    {
      key: 'total',
      header: 'Total',
      kind: 'number',
      cell: (r) => (r.strong ? <strong>{formatRupiah(r.total)}</strong> : formatRupiah(r.total)),
    },
  ];
  return <DataTable columns={columns} rows={plRows(data)} rowKey={(r) => r.key} paginate={false} />;
}

function Section({ s }: { s: StatementSection }) {
  return (
    <div className="grid gap-1">
      <div className="font-semibold">{s.title}</div>
      {s.lines.map((l) => (
        <div key={l.akun_id} className="flex justify-between gap-2 pl-3 text-sm">
          <span>
            {l.code} {l.name}
          </span>
          <span className="tabular-nums">{formatRupiah(l.amount)}</span>
        </div>
      ))}
      <div className="flex justify-between gap-2 border-t pt-1 text-sm font-semibold">
        <span>Total {s.title}</span>
        <span className="tabular-nums">{formatRupiah(s.total)}</span>
      </div>
    </div>
  );
}

function BalanceSheetView({ data }: { data: BackofficeBalanceSheetDto }) {
  return (
    <div className="grid gap-4 rounded-lg border bg-card p-3 md:grid-cols-2">
      <div className="grid content-start gap-3">
        <Section s={data.assets} />
        <div className="flex justify-between font-semibold" data-testid="bo-total-assets">
          <span>Total Aset</span>
          <span className="tabular-nums">{formatRupiah(data.total_assets)}</span>
        </div>
      </div>
      <div className="grid content-start gap-3">
        <Section s={data.liabilities} />
        <Section s={data.equity} />
        <div className="flex justify-between text-sm">
          <span>Laba (rugi) berjalan</span>
          <span className="tabular-nums">{formatRupiah(data.current_earnings)}</span>
        </div>
        <div className="flex justify-between font-semibold">
          <span>Total Kewajiban dan Ekuitas</span>
          <span className="tabular-nums">{formatRupiah(data.total_liabilities_equity)}</span>
        </div>
      </div>
      <div className="grid gap-1 text-sm md:col-span-2">
        <div className="font-semibold">Eliminasi antar cabang</div>
        {data.eliminations.length ? (
          data.eliminations.map((e) => (
            <div key={e.akun_id} className="flex justify-between gap-2 pl-3">
              <span>
                {e.code} {e.name}
              </span>
              <span className="tabular-nums">-{formatRupiah(e.amount)}</span>
            </div>
          ))
        ) : (
          <div className="pl-3 text-muted-foreground">Tidak ada saldo antar cabang di antara cabang terpilih.</div>
        )}
      </div>
    </div>
  );
}

/** /backoffice/finance/report: trial balance, profit and loss per branch and balance sheet of chosen branches. */
export default function BackofficeReportPage() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const [tab, setTab] = React.useState<Tab>('trialbalance');
  const [branches, setBranches] = React.useState<number[]>([]);
  const [from, setFrom] = React.useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = React.useState(today);
  const [consolidated, setConsolidated] = React.useState(true);
  const input = { from, to, profile_id: branchIdsParam(branches) };
  const tb = useQuery({
    ...trpc.backoffice.finance.trialBalance.queryOptions({ ...input, consolidated: consolidated ? 1 : 0 }),
    enabled: tab === 'trialbalance',
    meta: { inlineErrors: true },
  });
  const pl = useQuery({
    ...trpc.backoffice.finance.profitLoss.queryOptions({ ...input, columns: 'branch' }),
    enabled: tab === 'labarugi',
    meta: { inlineErrors: true },
  });
  const bs = useQuery({
    ...trpc.backoffice.finance.balanceSheet.queryOptions(input),
    enabled: tab === 'neraca',
    meta: { inlineErrors: true },
  });
  const exportIt = async () => {
    if (tab === 'trialbalance' && tb.data) {
      const rows = tb.data.consolidated
        ? [...tb.data.rows, tbTotalRow(tb.data.totals)]
        : tb.data.reports.flatMap((r) =>
            [...r.rows.map(asRow), tbTotalRow(r.totals)].map((x) => ({ ...x, name: `${r.profile_name}: ${x.name}` })),
          );
      const cols: ExcelColumn<ConsolidatedTrialBalanceRow>[] = tbColumns(tb.data.consolidated, false).map((c) => ({
        header: typeof c.header === 'string' ? c.header : c.key,
        width: c.key === 'name' ? 36 : 16,
        numFmt: c.kind === 'number' ? RUPIAH_FMT : undefined,
        value: (r: ConsolidatedTrialBalanceRow) => {
          const map: Record<string, string | number> = {
            code: r.code,
            name: r.name,
            od: r.opening_debit,
            oc: r.opening_credit,
            d: r.debit,
            c: r.credit,
            cd: r.closing_debit,
            cc: r.closing_credit,
            ed: r.elimination_debit,
            ec: r.elimination_credit,
            fd: r.consolidated_debit,
            fc: r.consolidated_credit,
          };
          return map[c.key];
        },
      }));
      await exportToExcel(`neraca-saldo-cabang-${from}-${to}`, cols, rows, 'Neraca Saldo');
    } else if (tab === 'labarugi' && pl.data) {
      const cols: ExcelColumn<PlRow>[] = [
        { header: 'Keterangan', value: 'label', width: 40 },
        ...pl.data.branches.map((b) => ({
          header: b.name,
          value: (r: PlRow) => r.values[String(b.id)] ?? 0,
          numFmt: RUPIAH_FMT,
          width: 18,
        })),
        { header: 'Total', value: 'total', numFmt: RUPIAH_FMT, width: 18 },
      ];
      await exportToExcel(`laba-rugi-cabang-${from}-${to}`, cols, plRows(pl.data), 'Laba Rugi');
    } else if (tab === 'neraca' && bs.data) {
      const rows: { label: string; amount: number | null }[] = [];
      for (const s of [bs.data.assets, bs.data.liabilities, bs.data.equity]) {
        rows.push({ label: s.title, amount: null });
        for (const l of s.lines) rows.push({ label: `   ${l.code} ${l.name}`, amount: l.amount });
        rows.push({ label: `Total ${s.title}`, amount: s.total });
      }
      rows.push({ label: 'Laba (rugi) berjalan', amount: bs.data.current_earnings });
      rows.push({ label: 'Total Aset', amount: bs.data.total_assets });
      rows.push({ label: 'Total Kewajiban dan Ekuitas', amount: bs.data.total_liabilities_equity });
      for (const e of bs.data.eliminations) rows.push({ label: `Eliminasi ${e.code} ${e.name}`, amount: -e.amount });
      await exportToExcel(
        `neraca-konsolidasi-${to}`,
        [
          { header: 'Keterangan', value: 'label', width: 44 },
          { header: 'Jumlah', value: 'amount', numFmt: RUPIAH_FMT, width: 20 },
        ],
        rows,
        'Neraca',
      );
    }
  };
  const ready = tab === 'trialbalance' ? tb.data : tab === 'labarugi' ? pl.data : bs.data;
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Laporan Keuangan"
        description="Neraca saldo, laba rugi per cabang dan neraca konsolidasi cabang terpilih."
        className="bo-no-print"
        actions={
          <>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer /> Cetak
            </Button>
            <ExportExcelButton onExport={exportIt} disabled={!ready} />
          </>
        }
      />
      <div className="bo-no-print grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Cabang" htmlFor="bo-report-branches" className="min-w-0">
          <BranchMultiSelect id="bo-report-branches" value={branches} onChange={setBranches} />
        </FormField>
        <FormField label="Dari Tanggal" htmlFor="bo-report-from">
          <DateInput id="bo-report-from" value={from} max={to} onChange={(v) => v && setFrom(v)} />
        </FormField>
        <FormField label={tab === 'neraca' ? 'Per Tanggal' : 'Sampai Tanggal'} htmlFor="bo-report-to">
          <DateInput id="bo-report-to" value={to} min={from} onChange={(v) => v && setTo(v)} />
        </FormField>
        {tab === 'trialbalance' ? (
          <div className="flex items-end gap-2 pb-2">
            <Switch id="bo-report-consolidated" checked={consolidated} onCheckedChange={setConsolidated} />
            <Label htmlFor="bo-report-consolidated">Konsolidasi</Label>
          </div>
        ) : null}
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList className="bo-no-print">
          <TabsTrigger value="trialbalance">Neraca Saldo</TabsTrigger>
          <TabsTrigger value="labarugi">Laba Rugi</TabsTrigger>
          <TabsTrigger value="neraca">Neraca</TabsTrigger>
        </TabsList>
        <div className="bo-print-area grid gap-2">
          <div className="bo-print-only text-center">
            <div className="font-semibold">
              {tab === 'trialbalance'
                ? 'Neraca Saldo'
                : tab === 'labarugi'
                  ? 'Laba Rugi per Cabang'
                  : 'Neraca Konsolidasi'}
            </div>
            <div>{tab === 'neraca' ? `Per ${formatDate(to)}` : `${formatDate(from)} s.d. ${formatDate(to)}`}</div>
          </div>
          <TabsContent value="trialbalance">
            <ErrorRetry query={tb} />
            {tb.data ? <TrialBalanceView data={tb.data} /> : tb.isError ? null : <Skeleton className="h-64" />}
          </TabsContent>
          <TabsContent value="labarugi">
            <ErrorRetry query={pl} />
            {pl.data ? <ProfitLossView data={pl.data} /> : pl.isError ? null : <Skeleton className="h-64" />}
          </TabsContent>
          <TabsContent value="neraca">
            <ErrorRetry query={bs} />
            {bs.data ? <BalanceSheetView data={bs.data} /> : bs.isError ? null : <Skeleton className="h-64" />}
          </TabsContent>
        </div>
      </Tabs>
    </div>
  );
}
