import type { BalanceSheetDto, CashFlowDto, ProfitLossDto, StatementSection, TrialBalanceDto } from '@klinik/shared';

/** Rows of the hub's Excel file: one label and one amount per line (a heading has none). */
export interface HubRow {
  label: string;
  amount: number | null;
}

function section(rows: HubRow[], s: StatementSection, total = true) {
  rows.push({ label: s.title, amount: null });
  for (const l of s.lines) rows.push({ label: `   ${l.code} ${l.name}`, amount: l.amount });
  if (total) rows.push({ label: `Total ${s.title}`, amount: s.total });
}

export function profitLossRows(pl: ProfitLossDto): HubRow[] {
  const rows: HubRow[] = [];
  for (const s of pl.sections) {
    section(rows, s);
    if (s.category === 5) rows.push({ label: 'LABA KOTOR', amount: pl.gross_profit });
    if (s.category === 6) rows.push({ label: 'LABA USAHA', amount: pl.operating_profit });
  }
  rows.push({ label: 'LABA (RUGI) BERSIH', amount: pl.net_profit });
  return rows;
}

export function balanceSheetRows(bs: BalanceSheetDto): HubRow[] {
  const rows: HubRow[] = [];
  section(rows, bs.assets, false);
  rows.push({ label: 'TOTAL ASET', amount: bs.total_assets });
  section(rows, bs.liabilities);
  section(rows, bs.equity, false);
  rows.push({ label: '   Laba (Rugi) Berjalan', amount: bs.current_earnings });
  rows.push({ label: 'TOTAL KEWAJIBAN DAN EKUITAS', amount: bs.total_liabilities_equity });
  return rows;
}

export function trialBalanceRows(tb: TrialBalanceDto): HubRow[] {
  return [
    ...tb.rows.map((r) => ({ label: `${r.code} ${r.name}`, amount: r.closing_debit - r.closing_credit })),
    { label: 'TOTAL DEBIT', amount: tb.totals.closing_debit },
    { label: 'TOTAL KREDIT', amount: tb.totals.closing_credit },
  ];
}

export function cashFlowRows(cf: CashFlowDto): HubRow[] {
  const rows: HubRow[] = [];
  for (const s of cf.sections) {
    rows.push({ label: s.title, amount: null });
    for (const l of s.lines) rows.push({ label: `   ${l.code} ${l.name}`, amount: l.net });
    rows.push({ label: '   Penerimaan kas', amount: s.receipts });
    rows.push({ label: '   Pengeluaran kas', amount: -s.payments });
    rows.push({ label: `Kas bersih (${s.title})`, amount: s.net });
  }
  rows.push({ label: 'KENAIKAN (PENURUNAN) KAS DAN BANK', amount: cf.net_change });
  rows.push({ label: 'SALDO KAS DAN BANK AWAL', amount: cf.opening });
  rows.push({ label: 'SALDO KAS DAN BANK AKHIR', amount: cf.closing });
  return rows;
}
