import { pph21Annual, pph21BukanPegawai, pph21Ter, type AnnualResult, type TaxIdentity } from './pph21.js';
import type { PtkpStatus, TaxRules, TerCategory } from './rules.js';

export const EMPLOYMENT_TYPES = ['tetap', 'tidak_tetap', 'bukan_pegawai'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export interface YearMonthInput {
  month: number;
  /** Gross of the month in sen (taxable earnings + employer JKK, JKM and BPJS Kesehatan premiums). */
  bruto: number;
  /** Employee-paid JHT + JP of the month in sen (reduces neto in the annual recomputation). */
  iuranPensiun?: number;
}

export interface YearMonthResult {
  month: number;
  bruto: number;
  /** TER category (null for bukan pegawai). */
  category: TerCategory | null;
  /** TER rate of the month's gross for employees; the top Pasal 17 rate reached for bukan pegawai (bp). */
  rateBp: number;
  /** PPh 21 withheld in the month (the last tax period of a permanent employee: the annual recomputation). */
  pph21: number;
}

export interface YearResult {
  months: YearMonthResult[];
  /** Annual recomputation of the last month given (permanent employees only). */
  last: (AnnualResult & { month: number; monthsWorked: number }) | null;
}

/**
 * One employee's PPh 21 for the months of one tax year with one employer, in month order. For a permanent employee
 * the last month given is the last tax period (December, or the month the employee leaves) and is recomputed with
 * Pasal 17; every earlier month uses TER. `startMonth` (default: the first month given) is the first month worked
 * and fixes the months counted for biaya jabatan. Pegawai tidak tetap paid monthly: TER every month. Bukan pegawai:
 * each month's pay is one payment, Pasal 17 on 50% of its gross (PMK 168/2023, not cumulative), 20% higher unless
 * `payee` has a valid NIK/NPWP (default: has one).
 */
export function pph21Year(
  input: {
    ptkp: PtkpStatus;
    employment: EmploymentType;
    startMonth?: number;
    months: YearMonthInput[];
    /** NIK/NPWP of a bukan pegawai, or whether they have a valid one (default true). */
    payee?: TaxIdentity | boolean | null;
  },
  rules: TaxRules,
): YearResult {
  const months = [...input.months].sort((a, b) => a.month - b.month);
  if (months.length === 0) return { months: [], last: null };
  for (let i = 1; i < months.length; i++) {
    if (months[i].month === months[i - 1].month) throw new RangeError(`Bulan ${months[i].month} ganda`);
  }
  const out: YearMonthResult[] = [];
  if (input.employment === 'bukan_pegawai') {
    const payee = input.payee === undefined ? true : input.payee;
    for (const m of months) {
      const r = pph21BukanPegawai(m.bruto, rules, payee);
      out.push({ month: m.month, bruto: m.bruto, category: null, rateBp: r.rateBp, pph21: r.pph21 });
    }
    return { months: out, last: null };
  }
  for (const m of months) {
    const r = pph21Ter(m.bruto, input.ptkp, rules);
    out.push({ month: m.month, bruto: m.bruto, category: r.category, rateBp: r.rateBp, pph21: r.pph21 });
  }
  if (input.employment === 'tidak_tetap') return { months: out, last: null };

  const lastMonth = months[months.length - 1].month;
  const startMonth = input.startMonth ?? months[0].month;
  if (startMonth > months[0].month) throw new RangeError('Bulan mulai bekerja setelah bulan penghasilan pertama');
  const monthsWorked = lastMonth - startMonth + 1;
  const earlier = out.slice(0, -1);
  const annual = pph21Annual(
    {
      ptkp: input.ptkp,
      brutoSetahun: months.reduce((s, m) => s + m.bruto, 0),
      iuranPensiun: months.reduce((s, m) => s + (m.iuranPensiun ?? 0), 0),
      monthsWorked,
      dipotong: earlier.reduce((s, m) => s + m.pph21, 0),
    },
    rules,
  );
  out[out.length - 1] = { ...out[out.length - 1], pph21: annual.pph21 };
  return { months: out, last: { ...annual, month: lastMonth, monthsWorked } };
}
