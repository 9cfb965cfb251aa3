import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatRupiah, periodLabel, type DevidenIncomeRowDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorList } from '../../../components/ui/error-list';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

const COLUMNS: Column<DevidenIncomeRowDto>[] = [
  { key: 'period', header: 'Periode', className: 'whitespace-nowrap', cell: (r) => periodLabel(r.period) },
  { key: 'perawatan', header: 'Tindakan', cell: (r) => r.perawatan_name },
  { key: 'investor', header: 'Investor / Mitra', cell: (r) => r.investor_name },
  { key: 'qty', header: 'Jumlah Tindakan', kind: 'number', cell: (r) => r.qty },
  { key: 'basis', header: 'Nilai Tindakan', kind: 'number', cell: (r) => formatRupiah(r.basis_amount) },
  { key: 'gross', header: 'Bagian Investor', kind: 'number', cell: (r) => formatRupiah(r.gross) },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (r.status === 'approved' ? 'Disetujui' : 'Menunggu persetujuan'),
  },
];

/** /finance/income/tindakanmedis/deviden: per procedure and period, what each investor earned from it. */
export default function DevidenIncomePage() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const [from, setFrom] = React.useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = React.useState(today);
  const query = useQuery({
    ...trpc.investors.income.queryOptions({ from, to }),
    enabled: !!from && !!to,
    meta: { inlineErrors: true },
  });
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Deviden Tindakan Medis"
        description="Bagian investor dan mitra alat dari setiap tindakan medis, per periode distribusi."
      />
      <div className="flex flex-wrap gap-3">
        <div className="grid gap-1">
          <Label htmlFor="dti-from">Dari</Label>
          <Input id="dti-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="dti-to">Sampai</Label>
          <Input id="dti-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      <DataTable
        columns={COLUMNS}
        rows={query.data}
        rowKey={(r) => `${r.period}-${r.perawatan}-${r.investor}`}
        loading={query.isPending}
        emptyText="Belum ada bagi hasil per tindakan pada rentang ini"
      />
    </div>
  );
}
