import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { exportToExcel } from '../../../components/export-excel';
import { Skeleton } from '../../../components/ui/skeleton';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { branchQuery, ReportHeading, ReportToolbar, useReportFilter } from '../components/ReportToolbar';
import { StatementBlock, TotalLine } from '../components/Statement';
import { RUPIAH_FMT } from '../lib';

/** /finance/laporan/labarugi: revenue, cost of revenue, operating expenses and other items of the range. */
export default function LabaRugiPage() {
  const trpc = useTRPC();
  const [filter, setFilter, ready] = useReportFilter();
  const q = useQuery({
    ...trpc.finance.laporan.profitLoss.queryOptions({ from: filter.from, to: filter.to, ...branchQuery(filter) }),
    enabled: ready,
    meta: { silent: true },
  });
  const pl = q.data;
  const sec = (cat: number) => pl?.sections.find((s) => s.category === cat);
  const exportIt = async () => {
    if (!pl) return;
    const rows: { label: string; amount: number | null }[] = [];
    for (const s of pl.sections) {
      rows.push({ label: s.title, amount: null });
      for (const l of s.lines) rows.push({ label: `   ${l.code} ${l.name}`, amount: l.amount });
      rows.push({ label: `Total ${s.title}`, amount: s.total });
      if (s.category === 5) rows.push({ label: 'LABA KOTOR', amount: pl.gross_profit });
      if (s.category === 6) rows.push({ label: 'LABA USAHA', amount: pl.operating_profit });
    }
    rows.push({ label: 'LABA (RUGI) BERSIH', amount: pl.net_profit });
    await exportToExcel(
      `laba-rugi-${pl.from}-${pl.to}`,
      [
        { header: 'Keterangan', value: 'label', width: 44 },
        { header: 'Jumlah', value: 'amount', numFmt: RUPIAH_FMT, width: 20 },
      ],
      rows,
      'Laba Rugi',
    );
  };
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-4xl gap-2">
      <NoPeriodBanner />
      <ReportToolbar filter={filter} onChange={setFilter} onExport={exportIt} exportDisabled={!pl} />
      <div className="finance-print-area">
        <ReportHeading title="Laporan Laba Rugi" filter={filter} />
        {!pl ? (
          <Skeleton className="h-64" />
        ) : (
          <div className="grid gap-2 rounded-lg border bg-card p-2">
            {sec(4) ? <StatementBlock section={sec(4)!} /> : null}
            {sec(5) ? <StatementBlock section={sec(5)!} /> : null}
            <TotalLine label="Laba Kotor" value={pl.gross_profit} />
            {sec(6) ? <StatementBlock section={sec(6)!} /> : null}
            <TotalLine label="Laba Usaha" value={pl.operating_profit} />
            {sec(7) ? <StatementBlock section={sec(7)!} /> : null}
            {sec(8) ? <StatementBlock section={sec(8)!} /> : null}
            <TotalLine label="Laba (Rugi) Bersih" value={pl.net_profit} testId="pl-net" />
          </div>
        )}
      </div>
    </div>
  );
}
