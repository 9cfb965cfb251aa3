import * as React from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXPENSE_STATUS_LABELS,
  EXPENSE_STATUSES,
  formatDate,
  formatRupiah,
  type ErrorItem,
  type ExpenseDto,
  type ExpenseStatus,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { newIdempotencyKey, useHutangManage } from '../lib';
import { namedOptions, NativeSelect } from '../NativeSelect';

const STATUS_VARIANT: Record<ExpenseStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  posted: 'default',
  pending: 'secondary',
  rejected: 'destructive',
  reversed: 'outline',
};

/** /finance/hutang/customer 'Kelola Pengeluaran': list, filter, correct by reversal, export and print. */
export default function ExpenseManagePage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const manage = useHutangManage();
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const [category, setCategory] = React.useState('');
  const [status, setStatus] = React.useState('');
  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState(20);
  const filter = {
    from: from || undefined,
    to: to || undefined,
    category: category ? Number(category) : undefined,
    status: (status || undefined) as ExpenseStatus | undefined,
  };
  const categories = useQuery(trpc.expenses.categories.queryOptions());
  const setting = useQuery(trpc.expenses.setting.queryOptions());
  const list = useQuery({
    ...trpc.expenses.list.queryOptions({ ...filter, page, limit: pageSize }),
    placeholderData: keepPreviousData,
  });
  const [reversing, setReversing] = React.useState<ExpenseDto | null>(null);
  const [reason, setReason] = React.useState('');
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const [notice, setNotice] = React.useState<string | null>(null);
  const reverse = useMutation(
    trpc.expenses.reverse.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (out) => {
        setNotice(
          'applog_id' in out && !('journal' in out)
            ? 'Koreksi menunggu persetujuan orang kedua.'
            : 'Pengeluaran dibatalkan dengan jurnal pembalik.',
        );
        setReversing(null);
        await qc.invalidateQueries({ queryKey: trpc.expenses.pathKey() });
      },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const openReverse = (e: ExpenseDto) => {
    setReversing(e);
    setReason('');
    setErrors([]);
    setKey(newIdempotencyKey());
  };
  const columns: Column<ExpenseDto>[] = [
    { key: 'date', header: 'Tanggal', kind: 'date', cell: (e) => formatDate(e.date) },
    { key: 'code', header: 'Nomor', cell: (e) => <span className="font-mono text-xs">{e.code}</span>, priority: 2 },
    { key: 'category', header: 'Kategori', cell: (e) => e.category.name, primary: true },
    { key: 'memo', header: 'Keterangan', cell: (e) => e.memo, priority: 3 },
    {
      key: 'paid',
      header: 'Dibayar / Hutang',
      cell: (e) => e.method?.name ?? (e.party ? `Hutang: ${e.party.name}` : ''),
      priority: 3,
    },
    { key: 'amount', header: 'Jumlah', kind: 'number', cell: (e) => formatRupiah(e.amount) },
    {
      key: 'status',
      header: 'Status',
      cell: (e) => <Badge variant={STATUS_VARIANT[e.status]}>{EXPENSE_STATUS_LABELS[e.status]}</Badge>,
    },
    {
      key: 'proof',
      header: 'Bukti',
      cell: (e) =>
        e.proof ? (
          <a className="text-primary underline" href={e.proof.url} target="_blank" rel="noreferrer">
            Lihat
          </a>
        ) : (
          '-'
        ),
      priority: 2,
    },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (e) =>
        manage && e.status === 'posted' ? (
          <Button size="sm" variant="outline" onClick={() => openReverse(e)} className="print:hidden">
            Koreksi
          </Button>
        ) : null,
    },
  ];
  const exportAll = async () => {
    const rows: ExpenseDto[] = [];
    for (let p = 1; p <= 20; p++) {
      const res = await qc.fetchQuery(trpc.expenses.list.queryOptions({ ...filter, page: p, limit: 500 }));
      rows.push(...res.data);
      if (rows.length >= res.count) break;
    }
    await exportToExcel(
      'pengeluaran',
      [
        { header: 'Tanggal', value: 'date' },
        { header: 'Nomor', value: 'code', width: 22 },
        { header: 'Kategori', value: (e) => e.category.name, width: 24 },
        { header: 'Akun', value: (e) => e.category.akun_code },
        { header: 'Keterangan', value: 'memo', width: 40 },
        { header: 'Metode', value: (e) => e.method?.name ?? '' },
        { header: 'Pihak', value: (e) => e.party?.name ?? '' },
        { header: 'Jumlah', value: 'amount', numFmt: '#,##0.00' },
        { header: 'Status', value: (e) => EXPENSE_STATUS_LABELS[e.status] },
        { header: 'Jurnal', value: (e) => e.journal?.code ?? '' },
        { header: 'Jurnal Pembalik', value: (e) => e.reversal_journal?.code ?? '' },
        { header: 'Dibuat oleh', value: (e) => e.created_by?.name ?? '' },
        { header: 'Disetujui oleh', value: (e) => e.approved_by?.name ?? '' },
      ],
      rows,
      'Pengeluaran',
    );
  };
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-2">
      <PageHeader
        title="Kelola Pengeluaran"
        description={
          setting.data
            ? `Bukti wajib di atas ${formatRupiah(setting.data.proof_limit)}; persetujuan di atas ${formatRupiah(setting.data.approval_limit)}.`
            : undefined
        }
        actions={
          <>
            <ExportExcelButton disabled={!list.data?.count} onExport={exportAll} />
            <Button variant="outline" onClick={() => window.print()} className="print:hidden">
              Cetak
            </Button>
            {manage ? (
              <Button asChild className="print:hidden">
                <Link to="/finance/hutang/dokter">Daftarkan Pengeluaran</Link>
              </Button>
            ) : null}
          </>
        }
      />
      {notice ? (
        <div role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          {notice}
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 print:hidden">
        <FormField label="Dari" htmlFor="f-from">
          <Input id="f-from" type="date" value={from} onChange={(e) => (setFrom(e.target.value), setPage(1))} />
        </FormField>
        <FormField label="Sampai" htmlFor="f-to">
          <Input id="f-to" type="date" value={to} onChange={(e) => (setTo(e.target.value), setPage(1))} />
        </FormField>
        <FormField label="Kategori" htmlFor="f-category">
          <NativeSelect
            id="f-category"
            value={category}
            onChange={(v) => (setCategory(v), setPage(1))}
            options={namedOptions(categories.data)}
            placeholder="Semua kategori"
          />
        </FormField>
        <FormField label="Status" htmlFor="f-status">
          <NativeSelect
            id="f-status"
            value={status}
            onChange={(v) => (setStatus(v), setPage(1))}
            options={EXPENSE_STATUSES.map((s) => [s, EXPENSE_STATUS_LABELS[s]])}
            placeholder="Semua status"
          />
        </FormField>
      </div>
      {list.isError ? <ErrorList items={errorItems(list.error)} /> : null}
      <DataTable
        columns={columns}
        rows={list.data?.data}
        rowKey={(e) => e.id}
        loading={list.isLoading}
        emptyText="Belum ada pengeluaran untuk filter ini"
        pagination={{
          page,
          pageSize,
          total: list.data?.count ?? 0,
          onPageChange: setPage,
          onPageSizeChange: setPageSize,
        }}
      />
      <Dialog open={!!reversing} onOpenChange={(o) => !reverse.isPending && !o && setReversing(null)}>
        <DialogContent className="max-w-md">
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!reason.trim()) {
                setErrors([{ message: 'Alasan wajib diisi', field: 'reason' }]);
                return;
              }
              if (reversing) reverse.mutate({ id: reversing.id, data: { reason }, idempotency_key: key });
            }}
          >
            <DialogHeader>
              <DialogTitle>Koreksi Pengeluaran {reversing?.code}</DialogTitle>
            </DialogHeader>
            <p className="text-sm text-muted-foreground">
              Jurnal pengeluaran ini dibalik (debit dan kredit ditukar) setelah disetujui orang kedua.
            </p>
            <FormField
              label="Alasan"
              htmlFor="rev-reason"
              error={errors.find((e) => e.field === 'reason' || e.field === 'data.reason')?.message}
              required
            >
              <Textarea id="rev-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
            </FormField>
            <ErrorList items={errors.filter((e) => e.field !== 'reason' && e.field !== 'data.reason')} />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setReversing(null)}>
                Batal
              </Button>
              <Button type="submit" disabled={reverse.isPending}>
                Ajukan Koreksi
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
