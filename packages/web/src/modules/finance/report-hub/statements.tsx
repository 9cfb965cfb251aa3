import type * as React from 'react';
import {
  formatRupiah,
  type BalanceSheetDto,
  type CashFlowDto,
  type ProfitLossDto,
  type TrialBalanceDto,
} from '@klinik/shared';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { StatementBlock, TotalLine } from '../components/Statement';

/** The statements of the hub (/finance/report), drawn from the existing reports' answers and the cash flow. */

export function ProfitLossView({ pl }: { pl: ProfitLossDto }) {
  const sec = (cat: number) => pl.sections.find((s) => s.category === cat);
  const block = (cat: number) => {
    const s = sec(cat);
    return s ? <StatementBlock section={s} /> : null;
  };
  return (
    <div className="grid gap-2 rounded-lg border bg-card p-2" data-testid="hub-labarugi">
      {block(4)}
      {block(5)}
      <TotalLine label="Laba Kotor" value={pl.gross_profit} />
      {block(6)}
      <TotalLine label="Laba Usaha" value={pl.operating_profit} />
      {block(7)}
      {block(8)}
      <TotalLine label="Laba (Rugi) Bersih" value={pl.net_profit} testId="hub-pl-net" />
    </div>
  );
}

export function BalanceSheetView({ bs }: { bs: BalanceSheetDto }) {
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="hub-neraca">
      <div className="rounded-lg border bg-card p-2">
        <StatementBlock section={bs.assets} hideTotal />
        <TotalLine label="Total Aset" value={bs.total_assets} testId="hub-bs-assets" />
      </div>
      <div className="rounded-lg border bg-card p-2">
        <StatementBlock section={bs.liabilities} />
        <StatementBlock section={bs.equity} extra={[{ label: 'Laba (Rugi) Berjalan', amount: bs.current_earnings }]} />
        <TotalLine label="Total Kewajiban dan Ekuitas" value={bs.total_liabilities_equity} />
      </div>
    </div>
  );
}

const NUM = 'text-right tabular-nums whitespace-nowrap';

export function TrialBalanceView({ tb }: { tb: TrialBalanceDto }) {
  const closing = (d: number, c: number) => (d ? formatRupiah(d) : c ? `(${formatRupiah(c)})` : '-');
  return (
    <div className="overflow-x-auto rounded-lg border bg-card" data-testid="hub-trialbalance">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Akun</TableHead>
            <TableHead className={`${NUM} hidden md:table-cell`}>Mutasi Debit</TableHead>
            <TableHead className={`${NUM} hidden md:table-cell`}>Mutasi Kredit</TableHead>
            <TableHead className={NUM}>Saldo Akhir</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tb.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4} className="text-muted-foreground">
                Tidak ada Data
              </TableCell>
            </TableRow>
          ) : (
            tb.rows.map((r) => (
              <TableRow key={r.akun_id}>
                <TableCell>
                  <span className="font-mono text-xs">{r.code}</span> {r.name}
                </TableCell>
                <TableCell className={`${NUM} hidden md:table-cell`}>{formatRupiah(r.debit)}</TableCell>
                <TableCell className={`${NUM} hidden md:table-cell`}>{formatRupiah(r.credit)}</TableCell>
                <TableCell className={NUM}>{closing(r.closing_debit, r.closing_credit)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
        <TableFooter>
          <TableRow className="font-semibold">
            <TableCell>Total</TableCell>
            <TableCell className={`${NUM} hidden md:table-cell`}>{formatRupiah(tb.totals.debit)}</TableCell>
            <TableCell className={`${NUM} hidden md:table-cell`}>{formatRupiah(tb.totals.credit)}</TableCell>
            <TableCell className={NUM}>
              {formatRupiah(tb.totals.closing_debit)} / {formatRupiah(tb.totals.closing_credit)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </div>
  );
}

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: React.ReactNode;
  value: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`flex justify-between gap-2 px-2 py-1 ${strong ? 'border-t font-semibold' : ''}`}>
      <span>{label}</span>
      <span className={`tabular-nums ${value < 0 ? 'text-destructive' : ''}`} data-testid={testId}>
        {formatRupiah(value)}
      </span>
    </div>
  );
}

export function CashFlowView({ cf }: { cf: CashFlowDto }) {
  return (
    <div className="grid gap-3 rounded-lg border bg-card p-2 text-sm" data-testid="hub-aruskas">
      {cf.sections.map((s) => (
        <section key={s.activity} className="grid" data-testid={`hub-cf-${s.activity}`}>
          <h3 className="bg-muted/40 px-2 py-1 font-semibold">{s.title}</h3>
          {s.lines.length === 0 ? <p className="px-2 py-1 text-muted-foreground">Tidak ada Data</p> : null}
          {s.lines.map((l) => (
            <div key={l.akun_id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 px-2 py-1 pl-6">
              <span>
                <span className="font-mono text-xs">{l.code}</span> {l.name}
              </span>
              <span className={`tabular-nums ${l.net < 0 ? 'text-destructive' : ''}`}>{formatRupiah(l.net)}</span>
              <span className="col-span-2 text-xs text-muted-foreground">
                Diterima {formatRupiah(l.receipts)} · Dibayar {formatRupiah(l.payments)}
              </span>
            </div>
          ))}
          <Row label="Penerimaan kas" value={s.receipts} />
          <Row label="Pengeluaran kas" value={-s.payments} />
          <Row label={`Kas bersih ${s.title.replace('Arus Kas dari ', '').toLowerCase()}`} value={s.net} strong />
        </section>
      ))}
      <Row label="Kenaikan (Penurunan) Kas dan Bank" value={cf.net_change} strong testId="hub-cf-net" />
      <Row label="Saldo Kas dan Bank Awal" value={cf.opening} testId="hub-cf-opening" />
      <Row label="Saldo Kas dan Bank Akhir" value={cf.closing} strong testId="hub-cf-closing" />
      <p className="px-2 text-xs text-muted-foreground">
        Akun kas dan bank: {cf.cash_accounts.map((a) => `${a.code} ${a.name}`).join(', ') || '-'}.
      </p>
    </div>
  );
}
