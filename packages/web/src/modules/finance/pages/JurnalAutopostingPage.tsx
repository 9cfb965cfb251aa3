import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { AUTOPOST_GROUPS, formatDate, type AutopostingDto, type PaymentMethodDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { ErrorRetry } from '../../../components/ErrorRetry';
import { exportToExcel } from '../../../components/export-excel';
import { Button } from '../../../components/ui/button';
import { usePostableAccounts } from '../components/AkunPicker';
import { AutopostingEditDialog } from '../components/AutopostingEditDialog';
import { useFinanceManage } from '../lib';

/**
 * /finance/master/jurnalautoposting: the accounts every module posts to automatically, per key and grouped, with the
 * version in force, its history and 'Ubah' (a new version from a date, previewed first). Cash and bank per payment
 * method are on the payment methods (shown read-only here).
 */
export default function JurnalAutopostingPage() {
  const trpc = useTRPC();
  const manage = useFinanceManage();
  const today = useBranchToday();
  const list = useQuery(trpc.finance.autoposting.list.queryOptions());
  const methods = useQuery({ ...trpc.finance.paymentMethod.list.queryOptions(), meta: { silent: true } });
  const accounts = usePostableAccounts().data ?? [];
  const [editing, setEditing] = React.useState<AutopostingDto | null>(null);
  const rows = list.data;
  const columns: Column<AutopostingDto>[] = [
    {
      key: 'label',
      header: 'Pengaturan',
      primary: true,
      cell: (r) => (
        <span>
          {r.label}
          <span className="block font-mono text-xs text-muted-foreground">{r.key}</span>
        </span>
      ),
    },
    {
      key: 'akun',
      header: 'Akun Berlaku',
      cell: (r) =>
        r.current ? (
          <span>
            <span className="font-mono text-xs">{r.current.akun}</span> {r.current.akunname}
          </span>
        ) : (
          <span className="text-destructive">Belum diatur: posting ditolak</span>
        ),
    },
    {
      key: 'from',
      header: 'Berlaku Sejak',
      kind: 'date',
      priority: 2,
      cell: (r) => (r.current ? formatDate(r.current.effective_from) : '-'),
    },
    {
      key: 'next',
      header: 'Versi',
      priority: 3,
      cell: (r) => {
        const future = r.history.find((h) => h.effective_from > today);
        return future
          ? `${r.history.length} (berikutnya ${future.akun} mulai ${formatDate(future.effective_from)})`
          : r.history.length;
      },
    },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (r) =>
        manage ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(r)} aria-label={`Ubah ${r.label}`}>
            Ubah
          </Button>
        ) : null,
    },
  ];
  const methodColumns: Column<PaymentMethodDto>[] = [
    { key: 'name', header: 'Metode Pembayaran', primary: true },
    { key: 'type', header: 'Jenis', priority: 2 },
    {
      key: 'akun',
      header: 'Akun Kas/Bank',
      cell: (m) => (
        <span>
          <span className="font-mono text-xs">{m.akuncode}</span> {m.akunname}
        </span>
      ),
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Jurnal Otomatis"
        description="Akun yang dipakai setiap modul saat memposting jurnal otomatis di cabang ini."
        actions={
          <>
            <ExportExcelButton
              disabled={!rows?.length}
              onExport={() =>
                exportToExcel(
                  'jurnal-otomatis',
                  [
                    { header: 'Kelompok', value: 'group', width: 22 },
                    { header: 'Pengaturan', value: 'label', width: 34 },
                    { header: 'Kunci', value: 'key', width: 22 },
                    { header: 'Kode Akun', value: (r: AutopostingDto) => r.current?.akun ?? '' },
                    { header: 'Akun', value: (r: AutopostingDto) => r.current?.akunname ?? '', width: 30 },
                    { header: 'Berlaku Sejak', value: (r: AutopostingDto) => r.current?.effective_from ?? '' },
                  ],
                  rows ?? [],
                  'Jurnal Otomatis',
                )
              }
            />
            <Button variant="outline" onClick={() => window.print()}>
              <Printer /> Cetak
            </Button>
          </>
        }
      />
      <ErrorRetry query={list} />
      {list.isLoading || !rows?.length
        ? !list.isError && (
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(r) => r.key}
              loading={list.isLoading}
              emptyText="Belum ada pengaturan jurnal otomatis"
            />
          )
        : AUTOPOST_GROUPS.map((g) => {
            const inGroup = rows.filter((r) => r.group === g);
            if (!inGroup.length) return null;
            return (
              <section key={g} className="grid gap-2" aria-label={g}>
                <h2 className="text-base font-semibold">{g}</h2>
                <DataTable columns={columns} rows={inGroup} rowKey={(r) => r.key} paginate={false} />
              </section>
            );
          })}
      <section className="grid gap-2" aria-label="Kas per metode pembayaran">
        <h2 className="text-base font-semibold">Kas dan bank per metode pembayaran</h2>
        <p className="text-sm text-muted-foreground">
          Diatur di Metode Pembayaran: setiap metode memposting ke akun kas/bank miliknya.
        </p>
        <DataTable
          columns={methodColumns}
          rows={methods.data}
          rowKey={(m) => m.id}
          loading={methods.isLoading}
          paginate={false}
        />
      </section>
      <AutopostingEditDialog row={editing} accounts={accounts} today={today} onClose={() => setEditing(null)} />
    </div>
  );
}
