/** What the finance reports answer: trial balance, ledger, profit and loss, balance sheet (DTOs). */

/** The figures of a trial-balance line, and of its totals: opening balance, the range's movements, closing balance. */
export interface TrialBalanceColumns {
  opening_debit: number;
  opening_credit: number;
  debit: number;
  credit: number;
  closing_debit: number;
  closing_credit: number;
}
export interface TrialBalanceRow extends TrialBalanceColumns {
  akun_id: number;
  code: string;
  name: string;
  category: number;
  categoryname: string;
  normal: 'D' | 'K';
}
export interface TrialBalanceDto {
  from: string;
  to: string;
  rows: TrialBalanceRow[];
  totals: TrialBalanceColumns;
}

export interface LedgerEntry {
  jurnal_id: number;
  code: string;
  transaction_at: string;
  memo: string;
  description: string | null;
  debit: number;
  credit: number;
  /** Running balance on the account's normal side. */
  balance: number;
}
export interface LedgerAccount {
  akun_id: number;
  code: string;
  name: string;
  normal: 'D' | 'K';
  opening: number;
  debit: number;
  credit: number;
  closing: number;
  /** This page's entries of the account (a long account continues on the next page). */
  entries: LedgerEntry[];
  /** Entries of the account in the whole range, and the index of this page's first one among them. */
  entry_count: number;
  entry_offset: number;
  /** Balance before this page's first entry (the opening balance on the account's first page). */
  carried: number;
}
export interface LedgerDto {
  from: string;
  to: string;
  accounts: LedgerAccount[];
  page: number;
  limit: number;
  /** Ledger lines of the whole report (an account without postings counts as one): pages = ceil(count / limit). */
  count: number;
}

export interface StatementLine {
  akun_id: number;
  code: string;
  name: string;
  /** On the section's natural sign: revenue positive when credit, expenses positive when debit. */
  amount: number;
}
export interface StatementSection {
  category: number;
  title: string;
  lines: StatementLine[];
  total: number;
}
export interface ProfitLossDto {
  from: string;
  to: string;
  sections: StatementSection[];
  gross_profit: number;
  operating_profit: number;
  net_profit: number;
}
export interface BalanceSheetDto {
  from: string;
  to: string;
  assets: StatementSection;
  liabilities: StatementSection;
  equity: StatementSection;
  /** Profit or loss not yet closed to retained earnings, as of `to` (part of equity). */
  current_earnings: number;
  total_assets: number;
  total_liabilities_equity: number;
}
