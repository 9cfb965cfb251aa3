import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatRupiah, type SessionDto } from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable } from '../../../components/DataTable';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';

/** 'Laporan Harian': a day's payments per cashier and per method, and the sessions of the day (print, Excel). */
export function ReportTab() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const [date, setDate] = React.useState('');
  const day = date || today;
  const q = useQuery({ ...trpc.kasir.daily.queryOptions({ date: day }), meta: { inlineErrors: true } });
  const r = q.data;
  return (
    <div className="grid gap-3" data-testid="kasir-report">
      <div className="flex flex-wrap items-end gap-2 rounded-lg border bg-card p-3 print:hidden">
        <FormField label="Tanggal" htmlFor="report-date">
          <DateInput id="report-date" value={day} onChange={setDate} />
        </FormField>
        <Button variant="outline" onClick={() => window.print()}>
          Cetak
        </Button>
        <Button asChild variant="outline">
          <a href={`/api/kasir/report/daily/export?date=${day}`}>Excel</a>
        </Button>
      </div>
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      {q.isPending ? <p className="text-sm text-muted-foreground">Memuat laporan…</p> : null}
      {r ? (
        <div className="grid gap-3 md:grid-cols-2">
          <section className="rounded-lg border p-3">
            <h3 className="mb-2 font-semibold">Per Kasir</h3>
            <DataTable
              columns={[
                { key: 'cashier', header: 'Kasir' },
                { key: 'count', header: 'Transaksi', kind: 'number' },
                { key: 'total', header: 'Total', kind: 'number', cell: (x) => formatRupiah(x.total) },
              ]}
              rows={r.byCashier}
              rowKey={(x) => x.cashier}
              paginate={false}
              emptyText="Belum ada pembayaran"
            />
          </section>
          <section className="rounded-lg border p-3">
            <h3 className="mb-2 font-semibold">Per Metode Pembayaran</h3>
            <DataTable
              columns={[
                { key: 'method', header: 'Metode' },
                { key: 'count', header: 'Transaksi', kind: 'number' },
                { key: 'amount', header: 'Jumlah', kind: 'number', cell: (x) => formatRupiah(x.amount) },
              ]}
              rows={r.byMethod}
              rowKey={(x) => x.method}
              paginate={false}
              emptyText="Belum ada pembayaran"
            />
          </section>
          <section className="rounded-lg border p-3 md:col-span-2">
            <h3 className="mb-2 font-semibold">Sesi Kasir · Total {formatRupiah(r.total)}</h3>
            <DataTable
              columns={[
                { key: 'cashier', header: 'Kasir', cell: (s: SessionDto) => s.cashier.name },
                {
                  key: 'status',
                  header: 'Status',
                  cell: (s: SessionDto) => (s.status === 'open' ? 'Terbuka' : 'Ditutup'),
                },
                {
                  key: 'expected_total',
                  header: 'Diharapkan',
                  kind: 'number',
                  cell: (s: SessionDto) => formatRupiah(s.expected_total),
                },
                {
                  key: 'counted_total',
                  header: 'Dihitung',
                  kind: 'number',
                  priority: 2,
                  cell: (s: SessionDto) => (s.status === 'closed' ? formatRupiah(s.counted_total) : '-'),
                },
                {
                  key: 'difference',
                  header: 'Selisih',
                  kind: 'number',
                  cell: (s: SessionDto) => (s.status === 'closed' ? formatRupiah(s.difference) : '-'),
                },
              ]}
              rows={r.sessions}
              rowKey={(s) => s.id}
              paginate={false}
              emptyText="Belum ada sesi"
            />
          </section>
        </div>
      ) : null}
    </div>
  );
}
