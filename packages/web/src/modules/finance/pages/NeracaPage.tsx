import { useQuery } from '@tanstack/react-query';
import { fromSen, toSen, type StatementSection } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { exportToExcel } from '../../../components/export-excel';
import { Skeleton } from '../../../components/ui/skeleton';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { branchQuery, ReportHeading, ReportToolbar, useReportFilter } from '../components/ReportToolbar';
import { StatementBlock, TotalLine } from '../components/Statement';
import { RUPIAH_FMT } from '../lib';

const CURRENT_EARNINGS = 'Laba (Rugi) Berjalan';

/**
 * /finance/laporan/neraca: Aset (one total) against Kewajiban and Ekuitas, the profit not yet closed shown inside
 * equity, then Total Kewajiban dan Ekuitas.
 */
export default function NeracaPage() {
  const trpc = useTRPC();
  const [filter, setFilter, ready] = useReportFilter();
  const q = useQuery({
    ...trpc.finance.laporan.balanceSheet.queryOptions({ from: filter.from, to: filter.to, ...branchQuery(filter) }),
    enabled: ready,
    meta: { silent: true },
  });
  const bs = q.data;
  const exportIt = async () => {
    if (!bs) return;
    const rows: { label: string; amount: number | null }[] = [];
    const section = (s: StatementSection, total: boolean) => {
      rows.push({ label: s.title, amount: null });
      for (const l of s.lines) rows.push({ label: `   ${l.code} ${l.name}`, amount: l.amount });
      if (s === bs.equity) rows.push({ label: `   ${CURRENT_EARNINGS}`, amount: bs.current_earnings });
      if (total)
        rows.push({
          label: `Total ${s.title}`,
          amount: s === bs.equity ? fromSen(toSen(s.total) + toSen(bs.current_earnings)) : s.total,
        });
    };
    section(bs.assets, false);
    rows.push({ label: 'TOTAL ASET', amount: bs.total_assets });
    section(bs.liabilities, true);
    section(bs.equity, true);
    rows.push({ label: 'TOTAL KEWAJIBAN DAN EKUITAS', amount: bs.total_liabilities_equity });
    await exportToExcel(
      `neraca-${bs.to}`,
      [
        { header: 'Keterangan', value: 'label', width: 44 },
        { header: 'Jumlah', value: 'amount', numFmt: RUPIAH_FMT, width: 20 },
      ],
      rows,
      'Neraca',
    );
  };
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-6xl gap-2">
      <NoPeriodBanner />
      <ReportToolbar filter={filter} onChange={setFilter} onExport={exportIt} exportDisabled={!bs} single />
      <div className="finance-print-area">
        <ReportHeading title="Neraca" filter={filter} single />
        {!bs ? (
          <Skeleton className="h-64" />
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <div className="rounded-lg border bg-card p-2">
              <StatementBlock section={bs.assets} testId="bs-aset" hideTotal />
              <TotalLine label="Total Aset" value={bs.total_assets} testId="bs-assets" />
            </div>
            <div className="rounded-lg border bg-card p-2">
              <StatementBlock section={bs.liabilities} testId="bs-kewajiban" />
              <StatementBlock
                section={bs.equity}
                testId="bs-ekuitas"
                extra={[{ label: CURRENT_EARNINGS, amount: bs.current_earnings, testId: 'bs-current-earnings' }]}
              />
              <TotalLine label="Total Kewajiban dan Ekuitas" value={bs.total_liabilities_equity} testId="bs-le" />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
