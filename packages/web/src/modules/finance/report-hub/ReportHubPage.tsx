import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTRPC } from '../../../lib/trpc';
import { exportToExcel } from '../../../components/export-excel';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { branchQuery, ReportHeading, ReportToolbar, useReportFilter } from '../components/ReportToolbar';
import { RUPIAH_FMT } from '../lib';
import { balanceSheetRows, cashFlowRows, profitLossRows, trialBalanceRows, type HubRow } from './hub-export';
import { BalanceSheetView, CashFlowView, ProfitLossView, TrialBalanceView } from './statements';

const TABS = [
  { key: 'labarugi', title: 'Laba Rugi' },
  { key: 'neraca', title: 'Neraca' },
  { key: 'trialbalance', title: 'Neraca Saldo' },
  { key: 'aruskas', title: 'Arus Kas' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/**
 * /finance/report: the financial statements of a range in one place: profit and loss, balance sheet and trial
 * balance (the /api/finance/laporan/* reports) and the cash-flow statement (direct method), each printable and
 * exported to Excel. One range and branch for all four.
 */
export default function ReportHubPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.some((t) => t.key === params.get('tab')) ? (params.get('tab') as Tab) : 'labarugi';
  const [filter, setFilter, ready] = useReportFilter();
  const input = { from: filter.from, to: filter.to, ...branchQuery(filter) };
  const opts = { meta: { silent: true } } as const;
  const pl = useQuery({
    ...trpc.finance.laporan.profitLoss.queryOptions(input),
    ...opts,
    enabled: ready && tab === 'labarugi',
  });
  const bs = useQuery({
    ...trpc.finance.laporan.balanceSheet.queryOptions(input),
    ...opts,
    enabled: ready && tab === 'neraca',
  });
  const tb = useQuery({
    ...trpc.finance.laporan.trialBalance.queryOptions(input),
    ...opts,
    enabled: ready && tab === 'trialbalance',
  });
  const cf = useQuery({
    ...trpc.finance.reportsHub.cashFlow.queryOptions(input),
    ...opts,
    enabled: ready && tab === 'aruskas',
  });
  const current = { labarugi: pl, neraca: bs, trialbalance: tb, aruskas: cf }[tab];
  const title = TABS.find((t) => t.key === tab)!.title;

  const rows = (): HubRow[] | null => {
    if (tab === 'labarugi') return pl.data ? profitLossRows(pl.data) : null;
    if (tab === 'neraca') return bs.data ? balanceSheetRows(bs.data) : null;
    if (tab === 'trialbalance') return tb.data ? trialBalanceRows(tb.data) : null;
    return cf.data ? cashFlowRows(cf.data) : null;
  };
  const exportIt = async () => {
    const r = rows();
    if (!r) return;
    await exportToExcel(
      `laporan-${tab}-${filter.from}-${filter.to}`,
      [
        { header: 'Keterangan', value: 'label', width: 48 },
        { header: 'Jumlah', value: 'amount', numFmt: RUPIAH_FMT, width: 20 },
      ],
      r,
      title,
    );
  };
  const choose = (key: Tab) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.set('tab', key);
        return n;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-6xl gap-2">
      <NoPeriodBanner />
      <div
        role="tablist"
        aria-label="Laporan keuangan"
        className="finance-no-print -mx-1 flex gap-1 overflow-x-auto px-1"
      >
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            onClick={() => choose(t.key)}
            className={cn(
              'h-9 rounded-md px-3 text-sm whitespace-nowrap hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              t.key === tab ? 'bg-primary text-primary-foreground hover:bg-primary' : 'text-muted-foreground',
            )}
          >
            {t.title}
          </button>
        ))}
      </div>
      <ReportToolbar
        filter={filter}
        onChange={setFilter}
        onExport={exportIt}
        exportDisabled={!current.data}
        single={tab === 'neraca'}
      />
      <div className="finance-print-area" role="tabpanel" aria-label={title}>
        <ReportHeading
          title={title === 'Arus Kas' ? 'Laporan Arus Kas' : title}
          filter={filter}
          single={tab === 'neraca'}
        />
        {current.isError ? (
          <div role="alert" className="rounded-lg border border-destructive/40 p-4 text-sm text-destructive">
            Laporan tidak dapat dimuat. Periksa rentang tanggal lalu coba lagi.
          </div>
        ) : !current.data ? (
          <Skeleton className="h-64" />
        ) : tab === 'labarugi' && pl.data ? (
          <ProfitLossView pl={pl.data} />
        ) : tab === 'neraca' && bs.data ? (
          <BalanceSheetView bs={bs.data} />
        ) : tab === 'trialbalance' && tb.data ? (
          <TrialBalanceView tb={tb.data} />
        ) : cf.data ? (
          <CashFlowView cf={cf.data} />
        ) : null}
      </div>
    </div>
  );
}
