import * as React from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  formatDate,
  formatRupiah,
  HUTANG_AGEING_BUCKETS,
  HUTANG_AGEING_LABEL,
  PARTY_LABEL,
  type ActorType,
  type HutangAgeingRow,
  type HutangItemDto,
  type HutangPaymentDto,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { useHutangManage } from '../lib';
import { PayDialog } from '../hutang/PayDialog';
import { isParty, statementUrl, type PartyRef } from '../hutang/party';

/**
 * /finance/hutang/actor/{doctor|investor|rumahsakit|laboratorium|vendor}: the parties of one type with what is open
 * on a chosen date in ageing buckets (GET /api/finance/hutang/ageing); a party (?party=id, or ?name= for a party
 * known by name only) shows its open items, its payment history, 'Bayar' and its statement as PDF and Excel.
 */
export default function HutangActorPage() {
  const type = useLocation().pathname.split('/').filter(Boolean).pop() as ActorType;
  const [params, setParams] = useSearchParams();
  const today = useBranchToday();
  const asOf = params.get('as_of') || today;
  const id = Number(params.get('party')) || null;
  const name = params.get('name') ?? '';
  const setAsOf = (v: string) => {
    const next = new URLSearchParams(params);
    next.set('as_of', v);
    setParams(next, { replace: true });
  };
  return id || name ? (
    <PartyDetail type={type} id={id} name={name} asOf={asOf} setAsOf={setAsOf} />
  ) : (
    <PartyList type={type} asOf={asOf} setAsOf={setAsOf} />
  );
}

function AsOfField({ asOf, setAsOf }: { asOf: string; setAsOf: (v: string) => void }) {
  return (
    <FormField label="Per tanggal" htmlFor="as-of" className="w-44">
      <Input id="as-of" type="date" value={asOf} onChange={(e) => e.target.value && setAsOf(e.target.value)} />
    </FormField>
  );
}

function partyHref(type: ActorType, r: { party: number | null; party_name: string }, asOf: string): string {
  const q = new URLSearchParams(r.party ? { party: String(r.party) } : { name: r.party_name });
  q.set('as_of', asOf);
  return `/finance/hutang/actor/${type}?${q.toString()}`;
}

function PartyList({ type, asOf, setAsOf }: { type: ActorType; asOf: string; setAsOf: (v: string) => void }) {
  const trpc = useTRPC();
  const ageing = useQuery(trpc.finance.hutang.ageing.queryOptions({ party_type: type, as_of: asOf }));
  const rows = ageing.data ?? [];
  const columns: Column<HutangAgeingRow>[] = [
    {
      key: 'name',
      header: PARTY_LABEL[type],
      primary: true,
      cell: (r) => (
        <Link className="text-primary underline-offset-4 hover:underline" to={partyHref(type, r, asOf)}>
          {r.party_name}
        </Link>
      ),
    },
    ...HUTANG_AGEING_BUCKETS.map((b) => ({
      key: b,
      header: HUTANG_AGEING_LABEL[b],
      kind: 'number' as const,
      priority: b === 'not_due' ? undefined : (2 as const),
      cell: (r: HutangAgeingRow) => formatRupiah(r.buckets[b]),
    })),
    { key: 'total', header: 'Total', kind: 'number', cell: (r) => formatRupiah(r.total) },
  ];
  const total = rows.reduce((s, r) => s + r.total, 0);
  const exportRows = () =>
    exportToExcel(
      `umur-hutang-${type}-${asOf}`,
      [
        { header: PARTY_LABEL[type], value: 'party_name', width: 30 },
        ...HUTANG_AGEING_BUCKETS.map((b) => ({
          header: HUTANG_AGEING_LABEL[b],
          value: (r: HutangAgeingRow) => r.buckets[b],
          numFmt: '#,##0.00',
        })),
        { header: 'Total', value: 'total', numFmt: '#,##0.00' },
      ],
      rows,
      `Umur Hutang ${PARTY_LABEL[type]}`,
    );
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-3">
      <PageHeader
        title={`Hutang ${PARTY_LABEL[type]}`}
        description="Sisa hutang per pihak dan umurnya dari tanggal jatuh tempo (atau tanggal dokumen)."
        actions={
          <>
            {type === 'laboratorium' || type === 'rumahsakit' ? (
              // The outside laboratories and hospitals are kept in the investors' master (lab forms pick them).
              <Button variant="outline" asChild>
                <Link to={`/finance/master/investor?kind=${type}`}>Kelola {PARTY_LABEL[type]}</Link>
              </Button>
            ) : null}
            <ExportExcelButton disabled={!rows.length} onExport={exportRows} />
          </>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <AsOfField asOf={asOf} setAsOf={setAsOf} />
        <p className="pb-2 text-sm">
          Total sisa hutang: <span className="font-semibold tabular-nums">{formatRupiah(total)}</span>
        </p>
      </div>
      {ageing.isError ? <ErrorList items={errorItems(ageing.error)} /> : null}
      <DataTable
        columns={columns}
        rows={ageing.data}
        rowKey={(r) => `${r.party ?? ''}|${r.party_name}`}
        loading={ageing.isLoading}
        emptyText={`Tidak ada hutang ${PARTY_LABEL[type].toLowerCase()} yang terbuka per ${formatDate(asOf)}`}
      />
    </div>
  );
}

function PartyDetail({
  type,
  id,
  name,
  asOf,
  setAsOf,
}: {
  type: ActorType;
  id: number | null;
  name: string;
  asOf: string;
  setAsOf: (v: string) => void;
}) {
  const trpc = useTRPC();
  const manage = useHutangManage();
  const [paying, setPaying] = React.useState(false);
  const items = useQuery(
    trpc.finance.hutang.items.queryOptions({
      party_type: type,
      party: id ?? undefined,
      party_name: id ? undefined : name,
    }),
  );
  const payments = useQuery(
    trpc.finance.hutang.payments.queryOptions({ party_type: type, party: id ?? undefined, kind: 'payment' }),
  );
  const partyName = items.data?.[0]?.party_name ?? payments.data?.[0]?.party_name ?? name;
  const party: PartyRef = React.useMemo(() => ({ type, id, name: partyName }), [type, id, partyName]);
  const own = (payments.data ?? []).filter((p) => isParty(party, p));
  const open = (items.data ?? []).filter((i) => i.status === 'open');
  const outstanding = open.reduce((s, i) => s + i.outstanding, 0);

  const itemColumns: Column<HutangItemDto>[] = [
    { key: 'doc_date', header: 'Tanggal', kind: 'date', cell: (i) => formatDate(i.doc_date) },
    { key: 'source', header: 'Dokumen', primary: true, cell: (i) => `${i.source_type} #${i.source_id}` },
    {
      key: 'due',
      header: 'Jatuh Tempo',
      kind: 'date',
      priority: 2,
      cell: (i) => (i.due_date ? formatDate(i.due_date) : '-'),
    },
    { key: 'akun', header: 'Akun', priority: 3, cell: (i) => i.akun },
    { key: 'amount', header: 'Jumlah', kind: 'number', priority: 2, cell: (i) => formatRupiah(i.amount) },
    { key: 'paid', header: 'Dibayar', kind: 'number', priority: 2, cell: (i) => formatRupiah(i.paid) },
    { key: 'outstanding', header: 'Sisa', kind: 'number', cell: (i) => formatRupiah(i.outstanding) },
    {
      key: 'status',
      header: 'Status',
      cell: (i) =>
        i.status === 'paid' ? <Badge variant="success">Lunas</Badge> : <Badge variant="warning">Terbuka</Badge>,
    },
  ];
  const payColumns: Column<HutangPaymentDto>[] = [
    { key: 'date', header: 'Tanggal', kind: 'date', cell: (p) => formatDate(p.date) },
    { key: 'code', header: 'Nomor', primary: true, cell: (p) => <span className="font-mono text-xs">{p.code}</span> },
    { key: 'method', header: 'Metode', priority: 2, cell: (p) => p.method_name },
    { key: 'total', header: 'Jumlah', kind: 'number', cell: (p) => formatRupiah(p.total) },
    { key: 'journal', header: 'Jurnal', priority: 3, cell: (p) => p.journal ?? '-' },
    { key: 'status', header: 'Status', cell: (p) => (p.status === 'posted' ? 'Diposting' : 'Dibatalkan') },
  ];
  const exportItems = () =>
    exportToExcel(
      `hutang-${partyName}`.replace(/[^A-Za-z0-9._-]/g, '_'),
      [
        { header: 'Tanggal', value: 'doc_date' },
        { header: 'Dokumen', value: (i) => `${i.source_type} #${i.source_id}`, width: 24 },
        { header: 'Jatuh Tempo', value: (i) => i.due_date ?? '' },
        { header: 'Akun', value: 'akun' },
        { header: 'Jumlah', value: 'amount', numFmt: '#,##0.00' },
        { header: 'Dibayar', value: 'paid', numFmt: '#,##0.00' },
        { header: 'Sisa', value: 'outstanding', numFmt: '#,##0.00' },
      ],
      items.data ?? [],
      'Hutang',
    );
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-3">
      <PageHeader
        title={partyName}
        description={`Hutang ${PARTY_LABEL[type]}`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={`/finance/hutang/actor/${type}?as_of=${asOf}`}>Kembali</Link>
            </Button>
            <Button asChild variant="outline">
              <a href={statementUrl(party, 'pdf', asOf)} target="_blank" rel="noreferrer" data-testid="statement-pdf">
                Kartu Hutang PDF
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={statementUrl(party, 'xlsx', asOf)} download data-testid="statement-xlsx">
                Kartu Hutang Excel
              </a>
            </Button>
            <ExportExcelButton disabled={!items.data?.length} onExport={exportItems} label="Export Rincian" />
            {manage ? (
              <Button onClick={() => setPaying(true)} disabled={!open.length}>
                Bayar
              </Button>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <AsOfField asOf={asOf} setAsOf={setAsOf} />
        <p className="pb-2 text-sm">
          Sisa hutang: <span className="font-semibold tabular-nums">{formatRupiah(outstanding)}</span>
        </p>
      </div>
      {items.isError ? <ErrorList items={errorItems(items.error)} /> : null}
      <h2 className="text-base font-semibold">Rincian Hutang</h2>
      <DataTable
        columns={itemColumns}
        rows={items.data}
        rowKey={(i) => i.id}
        loading={items.isLoading}
        emptyText="Tidak ada hutang untuk pihak ini"
      />
      <h2 className="text-base font-semibold">Riwayat Pembayaran</h2>
      {payments.isError ? <ErrorList items={errorItems(payments.error)} /> : null}
      <DataTable
        columns={payColumns}
        rows={payments.isSuccess ? own : undefined}
        rowKey={(p) => p.id}
        loading={payments.isLoading}
        emptyText="Belum ada pembayaran"
      />
      {manage ? <PayDialog open={paying} onOpenChange={setPaying} party={party} /> : null}
    </div>
  );
}
