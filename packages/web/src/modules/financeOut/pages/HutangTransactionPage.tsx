import * as React from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatRupiah, PARTY_LABEL, type HutangPaymentDto, type PartyType } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { useHutangManage } from '../lib';
import { NativeSelect, PAYABLE_PARTY_OPTIONS, partyOptions } from '../NativeSelect';
import { PayDialog } from '../hutang/PayDialog';
import { VoidPaymentDialog } from '../hutang/VoidPaymentDialog';
import { partiesOf, partyKey } from '../hutang/party';

type StatusFilter = '' | 'posted' | 'voided';

/**
 * /finance/hutang/transaction 'Transaksi Pembayaran': the payments of payables (filters: party type, party, date
 * range, status including voided: all on the server; the table pages itself), the Excel export of the same filters
 * (GET /api/finance/hutang/payments/export), 'Bayar Hutang' and the void request through the approval engine (both
 * only for FINANCE_HUTANG manage).
 */
export default function HutangTransactionPage() {
  const trpc = useTRPC();
  const manage = useHutangManage();
  const [type, setType] = React.useState<PartyType | ''>('');
  const [party, setParty] = React.useState('');
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const [status, setStatus] = React.useState<StatusFilter>('');
  const [paying, setPaying] = React.useState(false);
  const [voiding, setVoiding] = React.useState<HutangPaymentDto | null>(null);
  // The party options: the parties paid so far of the chosen type (not narrowed by the other filters).
  const ofType = useQuery({
    ...trpc.finance.hutang.payments.queryOptions({ kind: 'payment', party_type: type || undefined }),
    enabled: !!type,
  });
  const parties = type ? partiesOf(type, ofType.data) : [];
  const chosen = parties.find((p) => partyKey(p) === party) ?? null;
  const filters = {
    kind: 'payment' as const,
    party_type: type || undefined,
    party: chosen?.id ?? undefined,
    party_name: chosen && !chosen.id ? chosen.name : undefined,
    status: status || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const list = useQuery(trpc.finance.hutang.payments.queryOptions(filters));
  const rows = list.data ?? [];
  const exportHref = `/api/finance/hutang/payments/export?${new URLSearchParams(
    Object.entries(filters).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString()}`;

  const columns: Column<HutangPaymentDto>[] = [
    { key: 'date', header: 'Tanggal', kind: 'date', cell: (p) => formatDate(p.date) },
    { key: 'code', header: 'Nomor', cell: (p) => <span className="font-mono text-xs">{p.code}</span> },
    {
      key: 'party',
      header: 'Pihak',
      primary: true,
      cell: (p) => (
        <span>
          {p.party_name}
          <span className="block text-xs text-muted-foreground">{PARTY_LABEL[p.party_type]}</span>
        </span>
      ),
    },
    { key: 'method', header: 'Metode', cell: (p) => p.method_name, priority: 2 },
    { key: 'total', header: 'Jumlah', kind: 'number', cell: (p) => formatRupiah(p.total) },
    {
      key: 'journal',
      header: 'Jurnal',
      cell: (p) => <span className="font-mono text-xs">{p.journal ?? '-'}</span>,
      priority: 3,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) =>
        p.status === 'posted' ? (
          <Badge variant="secondary">Diposting</Badge>
        ) : (
          <Badge variant="destructive">Dibatalkan</Badge>
        ),
    },
    ...(manage
      ? [
          {
            key: 'action',
            header: '',
            kind: 'action' as const,
            cell: (p: HutangPaymentDto) =>
              p.status === 'posted' ? (
                <Button size="sm" variant="outline" onClick={() => setVoiding(p)}>
                  Batalkan
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-3">
      <PageHeader
        title="Transaksi Pembayaran"
        description="Pembayaran hutang vendor, laboratorium, rumah sakit, dokter, investor dan pegawai."
        actions={
          <>
            {rows.length ? (
              <Button asChild variant="outline">
                <a href={exportHref} download data-testid="payments-export">
                  <FileSpreadsheet />
                  Export Excel
                </a>
              </Button>
            ) : null}
            {manage ? <Button onClick={() => setPaying(true)}>Bayar Hutang</Button> : null}
          </>
        }
      />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-5">
        <FormField label="Jenis Pihak" htmlFor="f-type">
          <NativeSelect
            id="f-type"
            value={type}
            onChange={(v) => {
              setType(v as PartyType | '');
              setParty('');
            }}
            options={PAYABLE_PARTY_OPTIONS}
            placeholder="Semua"
          />
        </FormField>
        <FormField label="Pihak" htmlFor="f-party">
          <NativeSelect
            id="f-party"
            value={party}
            disabled={!type}
            onChange={setParty}
            options={partyOptions(parties)}
            placeholder="Semua"
          />
        </FormField>
        <FormField label="Dari" htmlFor="f-from">
          <Input id="f-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField label="Sampai" htmlFor="f-to">
          <Input id="f-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
        <FormField label="Status" htmlFor="f-status">
          <NativeSelect
            id="f-status"
            value={status}
            onChange={(v) => setStatus(v as StatusFilter)}
            options={[
              ['posted', 'Diposting'],
              ['voided', 'Dibatalkan'],
            ]}
            placeholder="Semua"
          />
        </FormField>
      </div>
      {list.isError ? <ErrorList items={errorItems(list.error)} /> : null}
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(p) => p.id}
        loading={list.isLoading}
        emptyText="Belum ada transaksi pembayaran hutang"
      />
      {manage ? <PayDialog open={paying} onOpenChange={setPaying} /> : null}
      {manage ? <VoidPaymentDialog payment={voiding} onClose={() => setVoiding(null)} /> : null}
    </div>
  );
}
