import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatRupiah, type PaymentDto } from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { notaUrl } from '../api';

/** /backoffice/nota: the invoices of every branch, for top-level users. */
export default function NotaBackofficePage() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const [keyword, setKeyword] = React.useState('');
  const [page, setPage] = React.useState(1);
  const [limit, setLimit] = React.useState(20);
  const q = useQuery({
    ...trpc.kasir.allPayments.queryOptions({
      page,
      limit,
      keyword: keyword.trim() || undefined,
      fromdate: from || today,
      todate: to || today,
    }),
    meta: { inlineErrors: true },
  });
  const columns: Column<PaymentDto>[] = [
    { key: 'code', header: 'No. Nota', cell: (r) => <span className="font-mono text-xs">{r.code}</span> },
    { key: 'branchname', header: 'Cabang', priority: 2 },
    { key: 'paid_date', header: 'Tanggal', kind: 'date', priority: 3, cell: (r) => formatDate(r.paid_date) },
    { key: 'customer', header: 'Pasien', cell: (r) => r.customer?.name ?? 'Umum' },
    { key: 'kindname', header: 'Jenis', priority: 3 },
    { key: 'cashier', header: 'Kasir', priority: 3, cell: (r) => r.cashier.name },
    { key: 'total', header: 'Total', kind: 'number', cell: (r) => formatRupiah(r.total) },
    { key: 'statusname', header: 'Status' },
    {
      key: 'act',
      header: '',
      kind: 'action',
      cell: (r) => (
        <Button asChild size="sm" variant="outline">
          <a href={notaUrl(r.id)} target="_blank" rel="noreferrer">
            Nota
          </a>
        </Button>
      ),
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Nota" description="Nota pembayaran semua cabang." />
      <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-3">
        <FormField label="Dari" htmlFor="bo-nota-from">
          <DateInput id="bo-nota-from" value={from || today} onChange={(v) => (setFrom(v), setPage(1))} />
        </FormField>
        <FormField label="Sampai" htmlFor="bo-nota-to">
          <DateInput id="bo-nota-to" value={to || today} onChange={(v) => (setTo(v), setPage(1))} />
        </FormField>
        <FormField label="Cari" htmlFor="bo-nota-keyword">
          <Input
            id="bo-nota-keyword"
            value={keyword}
            onChange={(e) => (setKeyword(e.target.value), setPage(1))}
            placeholder="No. nota, pasien"
          />
        </FormField>
      </div>
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      <DataTable
        columns={columns}
        rows={q.data?.data}
        rowKey={(r) => r.id}
        loading={q.isPending}
        emptyText="Belum ada nota"
        pagination={{
          page,
          pageSize: limit,
          total: q.data?.count ?? 0,
          onPageChange: setPage,
          onPageSizeChange: setLimit,
        }}
      />
    </div>
  );
}
