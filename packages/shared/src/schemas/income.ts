/**
 * Income reports (/finance/income/{kind}, issue 28 item 6) and the financial statements hub (/finance/report): the
 * queries and answers. Money in rupiah on the wire (sen inside the server). What each kind covers:
 * docs/decisions.md, "Income reports and the financial statements hub".
 */
import { z, emptyToUndefined, idOf, pageQuery } from './common.js';
import { dateRange } from './finance.js';

export const INCOME_KINDS = ['tindakanmedis', 'service', 'paket', 'treatment', 'pendingformlab'] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

export const INCOME_KIND_TITLES: Record<IncomeKind, string> = {
  tindakanmedis: 'Pendapatan Tindakan Medis',
  service: 'Pendapatan Layanan',
  paket: 'Pendapatan Paket',
  treatment: 'Pendapatan Perawatan',
  pendingformlab: 'Form Lab Tertunda',
};

export const incomeQuery = z.object({
  kind: z.enum(INCOME_KINDS, { error: 'Jenis laporan pendapatan tidak dikenal' }),
  ...dateRange,
  doctor: z.preprocess(emptyToUndefined, idOf('Dokter tidak valid').optional()),
  profile_id: z.preprocess(emptyToUndefined, idOf('Id tidak valid').optional()),
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  ...pageQuery,
});
export type IncomeQuery = z.infer<typeof incomeQuery>;

/** One row of an income report; the columns a kind does not use are absent. Money in rupiah. */
export interface IncomeRowDto {
  key: string;
  /** Procedure / service kind / package / document code / lab form code. */
  code: string;
  name: string;
  date?: string;
  patient?: string;
  doctor?: string;
  /** The branch (treatment rows; the Backoffice page's column). */
  branch?: string;
  status?: string;
  qty?: number;
  covered_qty?: number;
  gross?: number;
  discount?: number;
  net?: number;
  doctor_share?: number;
  sold_count?: number;
  sold_value?: number;
  collected?: number;
  slots_total?: number;
  slots_used?: number;
  recognized?: number;
  deferred?: number;
  amount?: number;
}

export interface IncomeTotalsDto {
  qty: number;
  gross: number;
  discount: number;
  net: number;
  doctor_share: number;
  sold_count: number;
  sold_value: number;
  collected: number;
  slots_used: number;
  recognized: number;
  deferred: number;
  amount: number;
}

/** The ledger's revenue accounts (category 4) for the same range and branches: what the report is checked against. */
export interface IncomeLedgerDto {
  accounts: { akun_id: number; code: string; name: string; amount: number }[];
  total: number;
  /** Revenue of the ledger not explained by the till's documents and the packages (manual journals, old data). */
  other: number;
}

export interface IncomeReportDto {
  kind: IncomeKind;
  title: string;
  from: string;
  to: string;
  data: IncomeRowDto[];
  count: number;
  page: number;
  limit: number;
  totals: IncomeTotalsDto;
  ledger: IncomeLedgerDto;
  /** Doctors with a visit or a package sold in the range (the doctor filter's choices). */
  doctors: { id: number; name: string }[];
}

export const cashFlowQuery = z.object({
  ...dateRange,
  profile_id: z.preprocess(emptyToUndefined, idOf('Id tidak valid').optional()),
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type CashFlowQuery = z.infer<typeof cashFlowQuery>;

export const CASH_FLOW_ACTIVITIES = ['operating', 'investing', 'financing'] as const;
export type CashFlowActivity = (typeof CASH_FLOW_ACTIVITIES)[number];
export const CASH_FLOW_TITLES: Record<CashFlowActivity, string> = {
  operating: 'Arus Kas dari Aktivitas Operasi',
  investing: 'Arus Kas dari Aktivitas Investasi',
  financing: 'Arus Kas dari Aktivitas Pendanaan',
};

export interface CashFlowLineDto {
  akun_id: number;
  code: string;
  name: string;
  receipts: number;
  payments: number;
  net: number;
}

export interface CashFlowSectionDto {
  activity: CashFlowActivity;
  title: string;
  lines: CashFlowLineDto[];
  receipts: number;
  payments: number;
  net: number;
}

export interface CashFlowDto {
  from: string;
  to: string;
  /** The cash and bank accounts the statement is drawn from. */
  cash_accounts: { akun_id: number; code: string; name: string; opening: number; closing: number }[];
  sections: CashFlowSectionDto[];
  net_change: number;
  opening: number;
  closing: number;
}
