import { z } from 'zod';
import { dateString, emptyToUndefined, idOf } from './common.js';
import type { BalanceSheetDto, TrialBalanceDto, TrialBalanceRow } from './finance-reports.js';

/** Longest month range of the Backoffice dashboard (one column per month and branch). */
export const BACKOFFICE_MAX_MONTHS = 24;
/** Most branches one Backoffice request compares. */
export const BACKOFFICE_MAX_BRANCHES = 50;

/**
 * `profile_id=1,2` (or repeated `profile_id`): the branches compared; absent or empty: every branch.
 * Top-level users only (the endpoints say so).
 */
export const branchIdList = z.preprocess(
  (v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) =>
      typeof x === 'number' ? [String(x)] : typeof x === 'string' ? x.split(',') : [],
    );
    const trimmed = parts.map((p) => p.trim()).filter((p) => p !== '');
    return trimmed.length ? trimmed : undefined;
  },
  z
    .array(z.string())
    .max(BACKOFFICE_MAX_BRANCHES, `Paling banyak ${BACKOFFICE_MAX_BRANCHES} cabang`)
    .refine((ids) => ids.every((id) => /^[1-9]\d{0,8}$/.test(id)), 'Cabang tidak valid')
    .transform((ids) => [...new Set(ids.map(Number))])
    .optional(),
);

const range = {
  from: z.preprocess(emptyToUndefined, dateString.optional()),
  to: z.preprocess(emptyToUndefined, dateString.optional()),
};
const checkRange = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (v.from && v.to && v.from > v.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Tanggal akhir sebelum tanggal awal' });
};

/**
 * `season`: a promo season narrows the dashboard to its branches (with profile_id: the named ones among them) and
 * its dates (with from/to: their part inside it), and counts only packages of its package types.
 */
export const backofficeSummaryQuery = z
  .object({
    ...range,
    profile_id: branchIdList,
    season: z.preprocess(emptyToUndefined, idOf('Musim promo tidak valid').optional()),
  })
  .superRefine(checkRange);
export type BackofficeSummaryQuery = z.input<typeof backofficeSummaryQuery>;

/** The figures of the dashboard, of one branch's month or summed; money in rupiah as the rest of the API. */
export interface BackofficeSummaryTotals {
  /** 'Pendapatan' of the profit and loss (category 4) of [from, to]. */
  revenue: number;
  /** Visits registered (Kunjungan) in [from, to], every status. */
  visits: number;
  /** Patients who joined the branch in [from, to]. */
  new_patients: number;
  /** Packages and memberships registered in [from, to]. */
  packages_sold: number;
  /** Receivables (1120 Piutang Pasien + 1130 Piutang Membership) in the balance sheet at `to`. */
  receivables: number;
  /** Stock value: 1140 Persediaan in the balance sheet at `to` (equal to the stock valuation, decisions "Inventory"). */
  stock_value: number;
}

/** One branch in one month. */
export interface BackofficeSummaryRow extends BackofficeSummaryTotals {
  profile_id: number;
  profile_name: string;
  /** First day of the month (YYYY-MM-01). */
  month: string;
  /** The part of the month inside the range. */
  from: string;
  to: string;
}

export interface BackofficeSummaryDto {
  from: string;
  to: string;
  months: string[];
  branches: { id: number; name: string; status: number }[];
  rows: BackofficeSummaryRow[];
  /** Per branch over the range: flows summed, balances (receivables, stock) at the range's end. */
  byBranch: (BackofficeSummaryTotals & { profile_id: number; profile_name: string })[];
  /** Every chosen branch: flows summed, balances at the range's end. */
  total: BackofficeSummaryTotals;
  /** With `season`: the season, its revenue target and the revenue of its branches over the range. */
  season: BackofficeSeasonDto | null;
}

export interface BackofficeSeasonDto {
  id: number;
  name: string;
  start_at: string;
  end_at: string;
  revenue_target: number;
  /** 'Pendapatan' of the season's branches over the range (equal to `total.revenue`). */
  revenue: number;
  /** revenue / target in percent (two decimals), null when there is no target. */
  achieved_percent: number | null;
}

export const consolidatedReportQuery = z
  .object({
    ...range,
    profile_id: branchIdList,
    consolidated: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1).optional()),
    columns: z.preprocess(emptyToUndefined, z.enum(['branch'], { error: 'Kolom tidak valid' }).optional()),
  })
  .superRefine(checkRange);
export type ConsolidatedReportQuery = z.input<typeof consolidatedReportQuery>;

export interface BackofficeBranchRef {
  id: number;
  name: string;
}

/** A consolidated trial balance line: the branches' sums, the elimination of inter-branch balances, the result. */
export interface ConsolidatedTrialBalanceRow extends TrialBalanceRow {
  /** Elimination at `to` (reverses the inter-branch receivable and payable of transfers between chosen branches). */
  elimination_debit: number;
  elimination_credit: number;
  /** Closing balance after elimination. */
  consolidated_debit: number;
  consolidated_credit: number;
}

export interface BackofficeTrialBalanceDto {
  from: string;
  to: string;
  consolidated: boolean;
  branches: BackofficeBranchRef[];
  /** consolidated=1: one set of lines summed over the branches. */
  rows: ConsolidatedTrialBalanceRow[];
  totals: TrialBalanceDto['totals'] & {
    elimination_debit: number;
    elimination_credit: number;
    consolidated_debit: number;
    consolidated_credit: number;
  };
  /** Without consolidated: each branch's own trial balance. */
  reports: (TrialBalanceDto & { profile_id: number; profile_name: string })[];
}

/** Profit and loss with one column per branch (`amounts` by branch id) and the total. */
export interface BackofficeProfitLossLine {
  akun_id: number;
  code: string;
  name: string;
  amounts: Record<string, number>;
  total: number;
}
export interface BackofficeProfitLossSection {
  category: number;
  title: string;
  lines: BackofficeProfitLossLine[];
  totals: Record<string, number>;
  total: number;
}
export interface BackofficeProfitLossDto {
  from: string;
  to: string;
  branches: BackofficeBranchRef[];
  sections: BackofficeProfitLossSection[];
  gross_profit: Record<string, number> & { total: number };
  operating_profit: Record<string, number> & { total: number };
  net_profit: Record<string, number> & { total: number };
}

/** Consolidated balance sheet at `to`: the branches' sums less the eliminated inter-branch balances. */
export interface BackofficeBalanceSheetDto extends BalanceSheetDto {
  branches: BackofficeBranchRef[];
  eliminations: { akun_id: number; code: string; name: string; amount: number }[];
  /** Total eliminated from each side (assets and liabilities alike). */
  elimination_total: number;
}
