import { useQuery } from '@tanstack/react-query';
import { formatRupiah } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { exportToExcel } from '../../../components/export-excel';
import { Skeleton } from '../../../components/ui/skeleton';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { branchQuery, ReportHeading, ReportToolbar, useReportFilter } from '../components/ReportToolbar';
import { StatementBlock, TotalLine } from '../components/Statement';
import { RUPIAH_FMT } from '../lib';

/** /finance/laporan/neraca: assets against liabilities and equity (with the profit not yet closed) as of a date. */
export default function NeracaPage() {
  const trpc = useTRPC();
  const [filter, setFilter] = useReportFilter();
  const q = useQuery({ ...trpc.finance.laporan.balanceSheet.queryOptions({ from: filter.from, to: filter.to, ...branchQuery(filter) }), meta: { silent: true } });
  const bs = q.data;
  const exportIt = async () => {
    if (!bs) return;
    const rows: { label: string; amount: number | null }[] = [];
    for (const s of [bs.assets, bs.liabilities, bs.equity]) {
      rows.push({ label: s.title, amount: null });
      for (const l of s.lines) rows.push({ label: `   ${l.code} ${l.name}`, amount: l.amount });
      if (s === bs.equity) rows.push({ label: '   Laba (Rugi) Berjalan', amount: bs.current_earnings });
      rows.push({ label: `Total ${s.title}`, amount: s === bs.equity ? s.total + bs.current_earnings : s.total });
    }
    rows.push({ label: 'TOTAL ASET', amount: bs.total_assets });
    rows.push({ label: 'TOTAL KEWAJIBAN DAN EKUITAS', amount: bs.total_liabilities_equity });
    await exportToExcel(`neraca-${bs.to}`, [{ header: 'Keterangan', value: 'label', width: 44 }, { header: 'Jumlah', value: 'amount', numFmt: RUPIAH_FMT, width: 20 }], rows, 'Neraca');
  };
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-2">
      <NoPeriodBanner />
      <ReportToolbar filter={filter} onChange={setFilter} onExport={exportIt} exportDisabled={!bs} single />
      <div className="finance-print-area">
        <ReportHeading title="Neraca" filter={filter} single />
        {!bs ? (
          <Skeleton className="h-64" />
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <div className="rounded-lg border bg-card p-2">
              <StatementBlock section={bs.assets} />
              <TotalLine label="Total Aset" value={bs.total_assets} testId="bs-assets" />
            </div>
            <div className="rounded-lg border bg-card p-2">
              <StatementBlock section={bs.liabilities} />
              <StatementBlock section={bs.equity} />
              <div className="flex justify-between px-2 py-2 text-sm">
                <span>Laba (Rugi) Berjalan</span>
                <span>{formatRupiah(bs.current_earnings)}</span>
              </div>
              <TotalLine label="Total Kewajiban dan Ekuitas" value={bs.total_liabilities_equity} testId="bs-le" />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
