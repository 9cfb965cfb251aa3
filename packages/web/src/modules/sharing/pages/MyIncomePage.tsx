import * as React from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  MY_INCOME_LINE_STATUS,
  SHARING_BASES,
  formatRupiah,
  periodLabel,
  type MyIncomeDistributionDto,
  type MyIncomeLineDto,
  type MyIncomeRunDto,
  type SharingBasis,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useSession } from '../../../lib/session';
import { useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorList } from '../../../components/ui/error-list';
import { DateInput } from '../../../components/ui/date-input';
import { Label } from '../../../components/ui/label';

const LINE_COLUMNS: Column<MyIncomeLineDto>[] = [
  { key: 'date', header: 'Tanggal', kind: 'date', cell: (l) => l.service_date },
  {
    key: 'patient',
    header: 'Pasien',
    cell: (l) => (l.clawback_of ? 'Koreksi (clawback)' : `${l.patient_initials || '-'} · ${l.no_rm ?? '-'}`),
  },
  { key: 'perawatan', header: 'Tindakan', priority: 2, cell: (l) => l.perawatan ?? '-' },
  {
    key: 'basis',
    header: 'Dasar',
    priority: 3,
    cell: (l) =>
      `${l.basis ? (SHARING_BASES[l.basis as SharingBasis] ?? l.basis) : 'Jasa tetap'} ${formatRupiah(l.basis_amount)}`,
  },
  { key: 'share', header: 'Jasa', kind: 'number', cell: (l) => formatRupiah(l.share) },
  { key: 'status', header: 'Status', cell: (l) => MY_INCOME_LINE_STATUS[l.status] ?? l.status },
];

const RUN_COLUMNS: Column<MyIncomeRunDto>[] = [
  { key: 'period', header: 'Periode', cell: (r) => periodLabel(r.period) },
  { key: 'gross', header: 'Bruto', kind: 'number', priority: 2, cell: (r) => formatRupiah(r.gross) },
  { key: 'pph', header: 'PPh 21', kind: 'number', priority: 3, cell: (r) => formatRupiah(r.pph21) },
  { key: 'net', header: 'Neto', kind: 'number', cell: (r) => formatRupiah(r.net) },
];

const DIST_COLUMNS: Column<MyIncomeDistributionDto>[] = [
  { key: 'period', header: 'Periode', cell: (r) => periodLabel(r.period) },
  { key: 'investor', header: 'Atas nama', priority: 3, cell: (r) => r.investor_name },
  {
    key: 'basis',
    header: 'Dasar',
    priority: 2,
    cell: (r) =>
      r.basis === 'procedure'
        ? `${r.qty} tindakan${r.unit_amount !== null ? ` x ${formatRupiah(r.unit_amount)}` : ''}`
        : `${r.percent ?? 0}% dari ${formatRupiah(r.basis_amount)}`,
  },
  { key: 'gross', header: 'Bruto', kind: 'number', priority: 2, cell: (r) => formatRupiah(r.gross) },
  { key: 'tax', header: 'Pajak', kind: 'number', priority: 3, cell: (r) => formatRupiah(r.tax) },
  { key: 'net', header: 'Neto', kind: 'number', cell: (r) => formatRupiah(r.net) },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (r.status === 'approved' ? 'Disetujui' : 'Menunggu persetujuan'),
  },
];

/**
 * /user/:id/finance ('Pendapatan Saya', issue 29 item 6): a doctor's fee lines, approved runs with their slips and
 * the year to date; an investor's distributions with their slips. One's own, or anyone's for finance and managers.
 */
export default function MyIncomePage() {
  const { id } = useParams();
  const me = useSession();
  const userId = Number(id);
  const trpc = useTRPC();
  const today = useBranchToday();
  const [from, setFrom] = React.useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = React.useState(today);
  const query = useQuery({
    ...trpc.sharing.myIncome.queryOptions({ id: userId, from, to }),
    enabled: Number.isInteger(userId) && userId > 0 && !!from && !!to,
    meta: { inlineErrors: true },
  });
  const data = query.data;
  const own = userId === me.id;
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Pendapatan Saya"
        description={data && !own ? `Pendapatan ${data.user.name}` : 'Jasa dokter, bagi hasil, slip dan pajak.'}
      />
      <div className="flex flex-wrap gap-3">
        <div className="grid gap-1">
          <Label htmlFor="income-from">Dari</Label>
          <DateInput id="income-from" value={from} onChange={setFrom} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="income-to">Sampai</Label>
          <DateInput id="income-to" value={to} onChange={setTo} />
        </div>
      </div>
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      {data ? (
        <div className="grid gap-2 rounded-md border p-3 text-sm sm:grid-cols-3" data-testid="income-ytd">
          <div>
            <div className="text-muted-foreground">Bruto tahun {data.ytd.year}</div>
            <div className="text-lg font-semibold">{formatRupiah(data.ytd.gross)}</div>
          </div>
          <div>
            <div className="text-muted-foreground">Pajak dipotong</div>
            <div className="text-lg font-semibold">{formatRupiah(data.ytd.tax)}</div>
          </div>
          <div>
            <div className="text-muted-foreground">Neto</div>
            <div className="text-lg font-semibold">{formatRupiah(data.ytd.net)}</div>
          </div>
        </div>
      ) : null}
      {data?.doctor ? (
        <>
          <p className="text-sm text-muted-foreground">
            Belum masuk perhitungan: siap dibayar {formatRupiah(data.doctor.open.payable)} · menunggu pembayaran pasien{' '}
            {formatRupiah(data.doctor.open.waiting)}
          </p>
          <h2 className="text-base font-semibold">Perhitungan dan slip</h2>
          <DataTable
            columns={[
              ...RUN_COLUMNS,
              {
                key: 'slip',
                header: 'Slip',
                kind: 'action',
                cell: (r) =>
                  own ? (
                    <a
                      className="text-primary underline"
                      href={`/api/finance/sharing/my/slip?run=${r.id}`}
                      target="_blank"
                      rel="noopener"
                    >
                      Slip PDF
                    </a>
                  ) : (
                    '-'
                  ),
              },
            ]}
            rows={data.doctor.runs}
            rowKey={(r) => String(r.id)}
            emptyText="Belum ada perhitungan jasa yang disetujui pada rentang ini"
          />
          <h2 className="text-base font-semibold">Baris jasa dokter</h2>
          <DataTable
            columns={LINE_COLUMNS}
            rows={data.doctor.lines}
            rowKey={(l) => String(l.id)}
            emptyText="Belum ada jasa dokter pada rentang ini"
          />
        </>
      ) : null}
      {data?.investor ? (
        <>
          <h2 className="text-base font-semibold">Bagi hasil</h2>
          <DataTable
            columns={[
              ...DIST_COLUMNS,
              {
                key: 'slip',
                header: 'Slip',
                kind: 'action',
                cell: (r) => (
                  <a
                    className="text-primary underline"
                    href={`/api/finance/deviden/runs/${r.run}/slip?investor=${r.investor}`}
                    target="_blank"
                    rel="noopener"
                  >
                    Slip PDF
                  </a>
                ),
              },
            ]}
            rows={data.investor.distributions}
            rowKey={(r) => `${r.run}-${r.investor}-${r.period}-${r.basis}-${r.qty}`}
            emptyText="Belum ada bagi hasil pada rentang ini"
          />
        </>
      ) : null}
      {data && !data.doctor && !data.investor ? (
        <p className="text-sm text-muted-foreground">Pengguna ini tidak menerima jasa dokter atau bagi hasil.</p>
      ) : null}
    </div>
  );
}
