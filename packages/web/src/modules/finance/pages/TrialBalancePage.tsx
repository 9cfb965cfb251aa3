import { useQuery } from '@tanstack/react-query';
import { formatNumber, MSG } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { exportToExcel } from '../../../components/export-excel';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { branchQuery, ReportHeading, ReportToolbar, useReportFilter } from '../components/ReportToolbar';
import { RUPIAH_FMT } from '../lib';

/** Amounts in rupiah without 'Rp' and without ',00' (the header says so): eight columns fit a 1280 px screen. */
const amount = (v: number) => formatNumber(v);
const money = (v: number) => (v ? amount(v) : '-');
const NUM = 'text-right tabular-nums whitespace-nowrap px-2';

/** /finance/laporan/trialbalance (Neraca Saldo): per account opening, period debit and credit, closing; totals balance. */
export default function TrialBalancePage() {
  const trpc = useTRPC();
  const [filter, setFilter, ready] = useReportFilter();
  const q = useQuery({
    ...trpc.finance.laporan.trialBalance.queryOptions({ from: filter.from, to: filter.to, ...branchQuery(filter) }),
    enabled: ready,
    meta: { silent: true },
  });
  const tb = q.data;
  const exportIt = async () => {
    if (!tb) return;
    await exportToExcel(
      `neraca-saldo-${tb.from}-${tb.to}`,
      [
        { header: 'Kode', value: 'code', width: 10 },
        { header: 'Akun', value: 'name', width: 30 },
        { header: 'Saldo Awal Debit', value: 'opening_debit', numFmt: RUPIAH_FMT, width: 18 },
        { header: 'Saldo Awal Kredit', value: 'opening_credit', numFmt: RUPIAH_FMT, width: 18 },
        { header: 'Mutasi Debit', value: 'debit', numFmt: RUPIAH_FMT, width: 18 },
        { header: 'Mutasi Kredit', value: 'credit', numFmt: RUPIAH_FMT, width: 18 },
        { header: 'Saldo Akhir Debit', value: 'closing_debit', numFmt: RUPIAH_FMT, width: 18 },
        { header: 'Saldo Akhir Kredit', value: 'closing_credit', numFmt: RUPIAH_FMT, width: 18 },
      ],
      [
        ...tb.rows,
        { akun_id: 0, code: '', name: 'TOTAL', category: 0, categoryname: '', normal: 'D' as const, ...tb.totals },
      ],
      'Neraca Saldo',
    );
  };
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-7xl gap-2">
      <NoPeriodBanner />
      <ReportToolbar filter={filter} onChange={setFilter} onExport={exportIt} exportDisabled={!tb?.rows.length} />
      <div className="finance-print-area">
        <ReportHeading title="Neraca Saldo" filter={filter} />
        <p className="mb-1 text-xs text-muted-foreground">Jumlah dalam Rupiah.</p>
        {q.isLoading ? (
          <Skeleton className="h-64" />
        ) : (
          <div className="overflow-x-auto rounded-lg border bg-card">
            <Table data-testid="trialbalance-table">
              <TableHeader>
                <TableRow>
                  <TableHead rowSpan={2}>Kode</TableHead>
                  <TableHead rowSpan={2} className="min-w-36">
                    Akun
                  </TableHead>
                  <TableHead colSpan={2} className="text-center">
                    Saldo Awal
                  </TableHead>
                  <TableHead colSpan={2} className="text-center">
                    Mutasi
                  </TableHead>
                  <TableHead colSpan={2} className="text-center">
                    Saldo Akhir
                  </TableHead>
                </TableRow>
                <TableRow>
                  {['Debit', 'Kredit', 'Debit', 'Kredit', 'Debit', 'Kredit'].map((h, i) => (
                    <TableHead key={i} className="px-2 text-right">
                      {h}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {!tb?.rows.length ? (
                  <TableRow>
                    <TableCell colSpan={8} className="py-10 text-center text-muted-foreground">
                      {MSG.empty}
                    </TableCell>
                  </TableRow>
                ) : (
                  tb.rows.map((r) => (
                    <TableRow key={r.akun_id}>
                      <TableCell className="font-mono text-xs">{r.code}</TableCell>
                      <TableCell>{r.name}</TableCell>
                      <TableCell className={NUM}>{money(r.opening_debit)}</TableCell>
                      <TableCell className={NUM}>{money(r.opening_credit)}</TableCell>
                      <TableCell className={NUM}>{money(r.debit)}</TableCell>
                      <TableCell className={NUM}>{money(r.credit)}</TableCell>
                      <TableCell className={NUM}>{money(r.closing_debit)}</TableCell>
                      <TableCell className={NUM}>{money(r.closing_credit)}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
              {tb ? (
                <TableFooter>
                  <TableRow className="font-semibold">
                    <TableCell colSpan={2}>Total</TableCell>
                    <TableCell className={NUM}>{amount(tb.totals.opening_debit)}</TableCell>
                    <TableCell className={NUM}>{amount(tb.totals.opening_credit)}</TableCell>
                    <TableCell className={NUM}>{amount(tb.totals.debit)}</TableCell>
                    <TableCell className={NUM}>{amount(tb.totals.credit)}</TableCell>
                    <TableCell className={NUM} data-testid="tb-closing-debit">
                      {amount(tb.totals.closing_debit)}
                    </TableCell>
                    <TableCell className={NUM} data-testid="tb-closing-credit">
                      {amount(tb.totals.closing_credit)}
                    </TableCell>
                  </TableRow>
                </TableFooter>
              ) : null}
            </Table>
          </div>
        )}
      </div>
    </div>
  );
}
