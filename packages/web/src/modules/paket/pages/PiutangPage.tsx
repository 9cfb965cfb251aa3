import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  AGEING_BUCKETS,
  AGEING_LABELS,
  formatDate,
  formatRupiah,
  fromSen,
  sumSen,
  toSen,
  type PiutangRowDto,
} from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { DateInput } from '../../../components/ui/date-input';

/** /finance/piutang/membership: outstanding package instalments per patient, aged by days past due. */
export default function PiutangPage() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const [keyword, setKeyword] = React.useState('');
  const [asof, setAsof] = React.useState('');
  const q = useQuery({
    ...trpc.paket.piutang.queryOptions({ keyword: keyword.trim() || undefined, asof: asof || undefined }),
    meta: { inlineErrors: true },
  });
  const rows = q.data?.data;
  // The list is every patient with an outstanding instalment (one answer, no paging): its total summed in sen.
  const total = React.useMemo(() => fromSen(sumSen((rows ?? []).map((r) => toSen(r.total)))), [rows]);

  const columns: Column<PiutangRowDto>[] = [
    {
      key: 'customer',
      header: 'Pasien',
      cell: (r) => (
        <div>
          <p>{r.customerdata.name}</p>
          <p className="text-xs text-muted-foreground">NO RM. {r.customerdata.username}</p>
        </div>
      ),
    },
    {
      key: 'memberships',
      header: 'Registrasi',
      cell: (r) => <span className="font-mono text-xs">{r.memberships.join(', ')}</span>,
    },
    { key: 'oldest_due', header: 'Jatuh Tempo Terlama', kind: 'date', cell: (r) => formatDate(r.oldest_due) },
    ...AGEING_BUCKETS.map((b): Column<PiutangRowDto> => ({
      key: b,
      header: AGEING_LABELS[b],
      kind: 'number',
      cell: (r) => formatRupiah(r[b]),
    })),
    {
      key: 'total',
      header: 'Total',
      kind: 'number',
      className: 'font-semibold',
      cell: (r) => formatRupiah(r.total),
    },
  ];

  const exportAll = () =>
    exportToExcel(
      `piutang-membership-${today}`,
      [
        { header: 'Pasien', value: (r: PiutangRowDto) => r.customerdata.name, width: 26 },
        { header: 'NO RM.', value: (r: PiutangRowDto) => r.customerdata.username, width: 14 },
        { header: 'Registrasi', value: (r: PiutangRowDto) => r.memberships.join(', '), width: 30 },
        { header: 'Jatuh Tempo Terlama', value: (r: PiutangRowDto) => r.oldest_due ?? '', width: 14 },
        ...AGEING_BUCKETS.map((b) => ({
          header: AGEING_LABELS[b],
          value: (r: PiutangRowDto) => r[b],
          numFmt: '#,##0.00',
          width: 16,
        })),
        { header: 'Total', value: 'total' as const, numFmt: '#,##0.00', width: 16 },
      ],
      rows ?? [],
      'Piutang Membership',
    );

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-7xl gap-4">
      <PageHeader
        title="Piutang Membership"
        description="Cicilan paket yang belum dibayar per pasien, dengan umur piutang."
        actions={<ExportExcelButton onExport={exportAll} disabled={!rows?.length} />}
      />
      <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-3">
        <FormField label="Cari" htmlFor="piutang-keyword">
          <Input
            id="piutang-keyword"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder="Pasien, NO RM., kode registrasi"
          />
        </FormField>
        <FormField label="Per Tanggal" htmlFor="piutang-asof">
          <DateInput id="piutang-asof" value={asof} onChange={setAsof} />
        </FormField>
        <div className="self-end text-sm">
          Total piutang: <b data-testid="piutang-total">{formatRupiah(total)}</b>
        </div>
      </div>
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.customer} loading={q.isPending} />
    </div>
  );
}
