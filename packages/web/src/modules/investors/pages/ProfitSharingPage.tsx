import { useQuery } from '@tanstack/react-query';
import { formatRupiah, type DevidenRunDto, type DevidenRunLineDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorList } from '../../../components/ui/error-list';
import { RunTitle } from '../components/DevidenRuns';

function lineColumns(run: DevidenRunDto): Column<DevidenRunLineDto>[] {
  return [
    { key: 'investor', header: 'Investor / Mitra', cell: (l) => l.investor_name },
    {
      key: 'basis',
      header: 'Dasar',
      priority: 2,
      cell: (l) =>
        l.basis === 'procedure'
          ? `${l.qty} x ${l.perawatan_name ?? 'tindakan'}`
          : `${l.percent ?? 0}% dari ${formatRupiah(l.basis_amount)}`,
    },
    { key: 'gross', header: 'Bruto', kind: 'number', priority: 3, cell: (l) => formatRupiah(l.gross) },
    { key: 'tax', header: 'Pajak', kind: 'number', priority: 3, cell: (l) => formatRupiah(l.tax) },
    { key: 'net', header: 'Neto', kind: 'number', cell: (l) => formatRupiah(l.net) },
    {
      key: 'slip',
      header: 'Slip',
      kind: 'action',
      cell: (l) => (
        <a
          className="text-primary underline"
          href={`/api/finance/deviden/runs/${run.id}/slip?investor=${l.investor}`}
          target="_blank"
          rel="noopener"
        >
          PDF
        </a>
      ),
    },
  ];
}

/**
 * /finance/profitsharing ('Bagi Hasil', issue 29): the branch's distribution runs to investors and partners, per
 * month: status, the month's revenue and profit, each line with its tax and slip. Computing a month stays on
 * /finance/master/devidensetting, approval in the approvals of My Menu, payment in Transaksi Hutang; an investor
 * sees only their own lines (the server narrows the list).
 */
export default function ProfitSharingPage() {
  const trpc = useTRPC();
  const runs = useQuery({ ...trpc.investors.runs.queryOptions({}), meta: { inlineErrors: true } });
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Bagi Hasil"
        description="Distribusi bagi hasil investor dan mitra per bulan: pajak yang dipotong, neto, dan slip."
      />
      {runs.error ? <ErrorList items={errorItems(runs.error)} /> : null}
      {runs.isPending ? <p className="text-sm text-muted-foreground">Memuat…</p> : null}
      {runs.data && !runs.data.length ? (
        <EmptyState
          title="Belum ada distribusi bagi hasil"
          description="Distribusi dihitung per bulan di Setting Deviden."
        />
      ) : null}
      {runs.data?.map((run) => (
        <section key={run.id} className="grid gap-2 rounded-md border p-3" data-testid="profit-run">
          <RunTitle run={run}>
            Pendapatan {formatRupiah(run.revenue)} · Laba {formatRupiah(run.profit)} · Neto{' '}
            {formatRupiah(run.totals.net)}
          </RunTitle>
          <DataTable
            columns={lineColumns(run)}
            rows={run.lines}
            rowKey={(l) => String(l.id)}
            emptyText="Tidak ada baris bagi hasil"
          />
          {run.status === 'approved' ? (
            <p className="text-sm text-muted-foreground">Neto dibayar melalui Transaksi Pembayaran (hutang).</p>
          ) : null}
        </section>
      ))}
    </div>
  );
}
