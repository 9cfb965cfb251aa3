/**
 * My Income (issue 29 item 6): GET /api/users/{id}/income?from=&to= and page /user/:id/finance ('Pendapatan
 * Saya'): a doctor's fee lines, runs and slips, an investor's distributions; only one's own unless finance or manager.
 */
import { access } from '../access.js';
import { dateString, emptyToUndefined, idOf, z } from './common.js';

export const MY_INCOME_ACCESS = access.roles('dokter', 'investor', 'finance', 'manager');

export const myIncomeQuery = z
  .object({
    id: idOf('Pengguna tidak valid'),
    from: z.preprocess(emptyToUndefined, dateString.optional()),
    to: z.preprocess(emptyToUndefined, dateString.optional()),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'Tanggal akhir tidak boleh sebelum tanggal awal',
    path: ['to'],
  });
export type MyIncomeQuery = z.infer<typeof myIncomeQuery>;

export const myIncomeSlipQuery = z.object({ run: idOf('Perhitungan tidak valid') });

/** Status of a fee line as the doctor reads it. */
export const MY_INCOME_LINE_STATUS = {
  waiting: 'Menunggu pembayaran pasien',
  payable: 'Siap dibayar',
  paid: 'Dibayar',
  clawed_back: 'Ditarik kembali',
  cancelled: 'Dibatalkan',
} as const;
export type MyIncomeLineStatus = keyof typeof MY_INCOME_LINE_STATUS;

export interface MyIncomeLineDto {
  id: number;
  service_date: string;
  /** The patient's initials and NO RM (patient data: the read is on the trail). */
  patient_initials: string;
  no_rm: string | null;
  perawatan: string | null;
  basis: string | null;
  basis_amount: number;
  share: number;
  payable: number;
  status: MyIncomeLineStatus;
  run: number | null;
  clawback_of: number | null;
}

export interface MyIncomeRunDto {
  id: number;
  period: string;
  cutoff: string;
  gross: number;
  pph21: number;
  net: number;
}

export interface MyIncomeDistributionDto {
  run: number;
  period: string;
  status: string;
  investor: number;
  investor_name: string;
  basis: string;
  basis_amount: number;
  percent: number | null;
  unit_amount: number | null;
  qty: number;
  gross: number;
  tax_kind: string | null;
  tax: number;
  net: number;
}

export interface MyIncomeDto {
  user: { id: number; name: string; role: string };
  from: string;
  to: string;
  /** The year to date of `to`'s year: approved runs / distributions. */
  ytd: { year: number; gross: number; tax: number; net: number };
  doctor: {
    lines: MyIncomeLineDto[];
    runs: MyIncomeRunDto[];
    /** What is owed and not yet in an approved run: waiting for the patient's money, payable. */
    open: { waiting: number; payable: number };
  } | null;
  investor: { distributions: MyIncomeDistributionDto[] } | null;
}

/** 'Budi Santoso' -> 'B.S.' (the patient's initials only). */
export function initialsOf(name: string | null | undefined): string {
  return (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${w[0].toUpperCase()}.`)
    .join('');
}

/** /dashboard/stakeholder/investor ('Data Investor'): the investor account's branches by month. */
export const INVESTOR_DASHBOARD_ACCESS = access.roles('investor');

export const investorDashboardQuery = z.object({
  /** The last month shown (YYYY-MM, default this month); twelve months up to it. */
  to: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Periode harus berformat YYYY-MM')
      .optional(),
  ),
});

export interface InvestorDashboardMonthDto {
  period: string;
  /** From the month's distribution run (null: no run for that month yet). */
  revenue: number | null;
  profit: number | null;
  visits: number;
  /** What the investor's approved lines of that month paid out (net). */
  distributed: number;
}

export interface InvestorDashboardDto {
  branches: { id: number; name: string; months: InvestorDashboardMonthDto[] }[];
}
