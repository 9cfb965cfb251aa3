import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatRupiah, type PaymentDto } from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { NotaFilters } from '../components/NotaFilters';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorList } from '../../../components/ui/error-list';
import { Button } from '../../../components/ui/button';
import { notaUrl } from '../print';

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
    { key: 'customer', header: 'Pasien', primary: true, cell: (r) => r.customer?.name ?? 'Umum' },
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
      <NotaFilters
        idPrefix="bo-nota"
        today={today}
        from={from}
        to={to}
        keyword={keyword}
        onFrom={(v) => (setFrom(v), setPage(1))}
        onTo={(v) => (setTo(v), setPage(1))}
        onKeyword={(v) => (setKeyword(v), setPage(1))}
      />
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
