import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatDate,
  formatRupiah,
  LEDGER_PAGE_LINES,
  MSG,
  type AkunDto,
  type LedgerAccount,
  type LedgerDto,
} from '@klinik/shared';
import { api, useTRPC } from '../../../lib/trpc';
import { exportToExcel } from '../../../components/export-excel';
import { ListPager } from '../../../components/ListPager';
import { FormField } from '../../../components/ui/form';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { AkunPicker, usePostableAccounts } from '../components/AkunPicker';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { branchQuery, ReportHeading, ReportToolbar, useReportFilter } from '../components/ReportToolbar';
import { RUPIAH_FMT } from '../lib';

/** Every page of the ledger (for the Excel export), each account's entries joined. */
async function wholeLedger(query: Record<string, string | number | undefined>): Promise<LedgerAccount[]> {
  const out: LedgerAccount[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get<{ data: LedgerDto }>('/api/finance/laporan/bukubesar', {
      query: { ...query, page, limit: 2000 },
    });
    for (const a of res.data.accounts) {
      const last = out[out.length - 1];
      if (last?.akun_id === a.akun_id) last.entries.push(...a.entries);
      else out.push({ ...a, entries: [...a.entries] });
    }
    if (page * res.data.limit >= res.data.count) return out;
  }
}

/**
 * /finance/laporan/bukubesar: per account the opening balance, each posting with its running balance, the closing
 * balance; LEDGER_PAGE_LINES lines a page (a long account continues on the next page with its carried balance).
 */
export default function BukuBesarPage() {
  const trpc = useTRPC();
  const [filter, setFilter, ready] = useReportFilter();
  const [akun, setAkun] = React.useState<AkunDto | null>(null);
  const [page, setPage] = React.useState(1);
  const accounts = usePostableAccounts();
  const query = { from: filter.from, to: filter.to, akun: akun?.code, ...branchQuery(filter) };
  const q = useQuery({
    ...trpc.finance.laporan.ledger.queryOptions({ ...query, page, limit: LEDGER_PAGE_LINES }),
    enabled: ready,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  React.useEffect(() => setPage(1), [filter, akun]);
  const data = q.data;
  const exportIt = async () => {
    if (!data) return;
    const all = await wholeLedger(query);
    const rows = all.flatMap((a) => [
      {
        akun: `${a.code} ${a.name}`,
        date: data.from,
        code: '',
        memo: 'Saldo awal',
        debit: null,
        credit: null,
        balance: a.opening,
      },
      ...a.entries.map((e) => ({
        akun: `${a.code} ${a.name}`,
        date: e.transaction_at,
        code: e.code,
        memo: e.description ? `${e.memo} · ${e.description}` : e.memo,
        debit: e.debit || null,
        credit: e.credit || null,
        balance: e.balance,
      })),
      {
        akun: `${a.code} ${a.name}`,
        date: data.to,
        code: '',
        memo: 'Saldo akhir',
        debit: a.debit,
        credit: a.credit,
        balance: a.closing,
      },
    ]);
    await exportToExcel(
      `buku-besar-${data.from}-${data.to}`,
      [
        { header: 'Akun', value: 'akun', width: 30 },
        { header: 'Tanggal', value: 'date', width: 12 },
        { header: 'Kode Jurnal', value: 'code', width: 22 },
        { header: 'Keterangan', value: 'memo', width: 36 },
        { header: 'Debit', value: 'debit', numFmt: RUPIAH_FMT, width: 16 },
        { header: 'Kredit', value: 'credit', numFmt: RUPIAH_FMT, width: 16 },
        { header: 'Saldo', value: 'balance', numFmt: RUPIAH_FMT, width: 18 },
      ],
      rows,
      'Buku Besar',
    );
  };
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-7xl gap-2">
      <NoPeriodBanner />
      <ReportToolbar filter={filter} onChange={setFilter} onExport={exportIt} exportDisabled={!data?.accounts.length}>
        <FormField label="Akun" htmlFor="bb-akun">
          <AkunPicker id="bb-akun" accounts={accounts.data ?? []} value={akun} onChange={setAkun} />
        </FormField>
      </ReportToolbar>
      <div className="finance-print-area grid gap-4">
        <ReportHeading title="Buku Besar" filter={filter} />
        {q.isLoading ? <Skeleton className="h-64" /> : null}
        {data && data.accounts.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">{MSG.empty}</p>
        ) : null}
        {data?.accounts.map((a) => (
          <section
            key={a.akun_id}
            className="overflow-x-auto rounded-lg border bg-card"
            data-testid={`ledger-${a.code}`}
          >
            <h2 className="border-b px-3 py-2 font-semibold">
              <span className="font-mono text-sm">{a.code}</span> {a.name}{' '}
              <span className="text-xs font-normal text-muted-foreground">
                (saldo normal {a.normal === 'D' ? 'debit' : 'kredit'}){a.entry_offset > 0 ? ' · lanjutan' : ''}
              </span>
            </h2>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Tanggal</TableHead>
                  <TableHead>Kode Jurnal</TableHead>
                  <TableHead>Keterangan</TableHead>
                  <TableHead className="text-right">Debit</TableHead>
                  <TableHead className="text-right">Kredit</TableHead>
                  <TableHead className="text-right">Saldo</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <TableRow className="bg-muted/40">
                  <TableCell>{a.entry_offset > 0 ? '' : formatDate(data.from)}</TableCell>
                  <TableCell />
                  <TableCell className="font-medium">{a.entry_offset > 0 ? 'Saldo pindahan' : 'Saldo awal'}</TableCell>
                  <TableCell />
                  <TableCell />
                  <TableCell className="text-right font-medium">{formatRupiah(a.carried)}</TableCell>
                </TableRow>
                {a.entries.map((e, i) => (
                  <TableRow key={`${e.jurnal_id}-${i}`}>
                    <TableCell>{formatDate(e.transaction_at)}</TableCell>
                    <TableCell className="font-mono text-xs">{e.code}</TableCell>
                    <TableCell>
                      {e.memo}
                      {e.description ? <span className="text-muted-foreground"> · {e.description}</span> : null}
                    </TableCell>
                    <TableCell className="text-right">{e.debit ? formatRupiah(e.debit) : ''}</TableCell>
                    <TableCell className="text-right">{e.credit ? formatRupiah(e.credit) : ''}</TableCell>
                    <TableCell className="text-right">{formatRupiah(e.balance)}</TableCell>
                  </TableRow>
                ))}
                {a.entry_offset + a.entries.length >= a.entry_count ? (
                  <TableRow className="bg-muted/40 font-semibold">
                    <TableCell>{formatDate(data.to)}</TableCell>
                    <TableCell />
                    <TableCell>Saldo akhir</TableCell>
                    <TableCell className="text-right">{formatRupiah(a.debit)}</TableCell>
                    <TableCell className="text-right">{formatRupiah(a.credit)}</TableCell>
                    <TableCell className="text-right">{formatRupiah(a.closing)}</TableCell>
                  </TableRow>
                ) : (
                  <TableRow className="bg-muted/40">
                    <TableCell colSpan={6} className="text-muted-foreground">
                      Bersambung di halaman berikutnya ({a.entry_offset + a.entries.length} dari {a.entry_count} baris)
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </section>
        ))}
      </div>
      {data && data.count > data.limit ? (
        <div className="finance-no-print">
          <ListPager page={page} pageSize={data.limit} total={data.count} onPage={setPage} />
        </div>
      ) : null}
    </div>
  );
}
