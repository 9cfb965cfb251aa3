import { formatRupiah } from '@klinik/shared';
import { DataTable, type Column } from '../../../components/DataTable';

type Figure = 'earnings' | 'bruto' | 'pph21' | 'net';
type Figures = Record<Figure, number>;

/** One employee's figures in the corrected run (before), in the correction (after), and the difference. */
export interface RunDifference {
  employee: number;
  name: string;
  before: Figures | null;
  after: Figures | null;
  diff: Figures;
}

const diffMoney = (key: Figure, header: string): Column<RunDifference> => ({
  key,
  header,
  className: 'text-right tabular-nums',
  headerClassName: 'text-right',
  cell: (d) => (
    <div>
      <div className={d.diff[key] === 0 ? 'text-muted-foreground' : 'font-medium'}>
        {d.diff[key] > 0 ? '+' : ''}
        {formatRupiah(d.diff[key])}
      </div>
      <div className="text-xs text-muted-foreground">
        {d.before ? formatRupiah(d.before[key]) : '-'} &rarr; {d.after ? formatRupiah(d.after[key]) : '-'}
      </div>
    </div>
  ),
});

const DIFF_COLUMNS: Column<RunDifference>[] = [
  { key: 'name', header: 'Pegawai' },
  diffMoney('earnings', 'Pendapatan'),
  diffMoney('bruto', 'Bruto'),
  diffMoney('pph21', 'PPh 21'),
  diffMoney('net', 'Diterima'),
];

/** A correction run's differences against the run it corrects, per employee (Penggajian). */
export function RunDifferences({ correctsLabel, rows }: { correctsLabel: string | null; rows: RunDifference[] }) {
  return (
    <div className="grid gap-2" data-testid="run-differences">
      <div className="text-sm font-medium">
        Selisih terhadap {correctsLabel} (yang diposting saat koreksi disetujui)
      </div>
      <DataTable columns={DIFF_COLUMNS} rows={rows} rowKey={(d) => d.employee} emptyText="Tidak ada selisih." />
    </div>
  );
}
