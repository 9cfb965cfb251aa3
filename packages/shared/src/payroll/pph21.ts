import type { PtkpStatus, TaxRules, TerCategory } from './rules.js';

/**
 * PPh 21 engine (pure). Every amount is integer sen (1 rupiah = 100 sen). Tax amounts are rounded DOWN to whole
 * rupiah (a multiple of 100 sen), PKP down to whole thousands of rupiah; biaya jabatan and the bukan-pegawai base
 * are rounded down to whole rupiah. Rates are basis points. See docs/decisions.md ("Attendance and payroll").
 */

const SEN = 100;
const BP = 10_000n;

function assertSen(v: number, what: string): void {
  if (!Number.isSafeInteger(v)) throw new RangeError(`${what} harus bilangan bulat sen`);
}

/** floor(amountSen × bp / 10000) to whole rupiah, in sen. */
export function percentFloorRupiah(amountSen: number, bp: number): number {
  assertSen(amountSen, 'Jumlah');
  const exact = BigInt(amountSen) * BigInt(bp); // sen × 10000
  const unit = BP * BigInt(SEN);
  return Number(floorDiv(exact, unit) * BigInt(SEN));
}

/** round-half-up(amountSen × bp / 10000) to whole rupiah, in sen (BPJS contributions). */
export function percentRoundRupiah(amountSen: number, bp: number): number {
  assertSen(amountSen, 'Jumlah');
  const exact = BigInt(amountSen) * BigInt(bp);
  const unit = BP * BigInt(SEN);
  return Number(floorDiv(exact * 2n + unit, unit * 2n) * BigInt(SEN));
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

export function floorToRupiah(sen: number): number {
  return Math.floor(sen / SEN) * SEN;
}

export function terCategory(ptkp: PtkpStatus, rules: TaxRules): TerCategory {
  return rules.terCategory[ptkp];
}

/** The TER rate (bp) for a month's gross: lower bound exclusive, upper bound inclusive (PP 58/2023). */
export function terRateBp(category: TerCategory, brutoSen: number, rules: TaxRules): number {
  assertSen(brutoSen, 'Bruto');
  for (const [above, upTo, rateBp] of rules.ter[category]) {
    const over = above === 0 ? brutoSen >= 0 : brutoSen > above * SEN;
    if (over && (upTo === null || brutoSen <= upTo * SEN)) return rateBp;
  }
  return 0; // negative gross: no tax
}

export interface TerResult {
  category: TerCategory;
  rateBp: number;
  pph21: number;
}

/** January to November (every month that is not the last tax period): gross × TER rate. */
export function pph21Ter(brutoSen: number, ptkp: PtkpStatus, rules: TaxRules): TerResult {
  const category = terCategory(ptkp, rules);
  const rateBp = terRateBp(category, brutoSen, rules);
  return { category, rateBp, pph21: brutoSen <= 0 ? 0 : percentFloorRupiah(brutoSen, rateBp) };
}

/** Pasal 17 on an amount, exact, in sen × 10000 (callers floor once). */
function pasal17Exact(baseSen: number, rules: TaxRules): bigint {
  if (baseSen <= 0) return 0n;
  let total = 0n;
  let lower = 0;
  for (const b of rules.brackets) {
    const upper = b.upTo === null ? Number.POSITIVE_INFINITY : b.upTo * SEN;
    if (baseSen <= lower) break;
    const layer = Math.min(baseSen, upper) - lower;
    total += BigInt(layer) * BigInt(b.rateBp);
    lower = upper;
  }
  return total;
}

/** Pasal 17 ayat (1) huruf a on a base (PKP or the bukan-pegawai base), rounded down to whole rupiah. */
export function pasal17(baseSen: number, rules: TaxRules): number {
  assertSen(baseSen, 'PKP');
  return Number(floorDiv(pasal17Exact(baseSen, rules), BP * BigInt(SEN)) * BigInt(SEN));
}

/** The top Pasal 17 rate reached by a base (bp). */
export function pasal17MarginalBp(baseSen: number, rules: TaxRules): number {
  let lower = 0;
  for (const b of rules.brackets) {
    const upper = b.upTo === null ? Number.POSITIVE_INFINITY : b.upTo * SEN;
    if (baseSen <= upper) return b.rateBp;
    lower = upper;
  }
  void lower;
  return rules.brackets[rules.brackets.length - 1].rateBp;
}

export interface AnnualInput {
  ptkp: PtkpStatus;
  /** Gross of every month of the year with this employer, the last tax period included. */
  brutoSetahun: number;
  /** Employee-paid JHT and JP contributions of the year (reduce neto). */
  iuranPensiun: number;
  /** Months worked in the year (1..12): caps biaya jabatan at months × 500.000. */
  monthsWorked: number;
  /** PPh 21 withheld in the earlier months of the year. */
  dipotong: number;
}

export interface AnnualResult {
  brutoSetahun: number;
  biayaJabatan: number;
  iuranPensiun: number;
  neto: number;
  ptkp: number;
  pkp: number;
  pphSetahun: number;
  dipotong: number;
  /** PPh 21 of the last tax period; negative = the excess withheld, refunded to the employee. */
  pph21: number;
}

/** The last tax period (December or the month the employee leaves): the year recomputed with Pasal 17. */
export function pph21Annual(input: AnnualInput, rules: TaxRules): AnnualResult {
  for (const [k, v] of Object.entries(input)) if (k !== 'ptkp') assertSen(v as number, k);
  if (input.monthsWorked < 1 || input.monthsWorked > 12) throw new RangeError('Bulan kerja harus 1 sampai 12');
  const bruto = Math.max(0, input.brutoSetahun);
  const biayaJabatan = Math.min(
    percentFloorRupiah(bruto, rules.biayaJabatanBp),
    input.monthsWorked * rules.biayaJabatanMonthlyMax * SEN,
  );
  const neto = bruto - biayaJabatan - input.iuranPensiun;
  const ptkp = rules.ptkp[input.ptkp] * SEN;
  const step = rules.pkpRounding * SEN;
  const pkp = neto - ptkp <= 0 ? 0 : Math.floor((neto - ptkp) / step) * step;
  const pphSetahun = pasal17(pkp, rules);
  return {
    brutoSetahun: bruto,
    biayaJabatan,
    iuranPensiun: input.iuranPensiun,
    neto,
    ptkp,
    pkp,
    pphSetahun,
    dipotong: input.dipotong,
    pph21: pphSetahun - input.dipotong,
  };
}

/** Who is paid: a valid NIK (16 digits) or NPWP (15 or 16 digits) avoids the 20% surcharge (UU PPh Pasal 21(5a)). */
export interface TaxIdentity {
  nik?: string | null;
  npwp?: string | null;
}

/** True when the person has a valid NIK (16 digits) or NPWP (15 or 16 digits), dots and dashes ignored. */
export function hasValidTaxId(id: TaxIdentity | null | undefined): boolean {
  const nik = (id?.nik ?? '').replace(/[.\-\s]/g, '');
  const npwp = (id?.npwp ?? '').replace(/[.\-\s]/g, '');
  return /^\d{16}$/.test(nik) || /^\d{15,16}$/.test(npwp);
}

export interface BukanPegawaiResult {
  /** This payment's tax base: 50% of its gross, rounded down to whole rupiah. */
  dpp: number;
  /** The top Pasal 17 rate the base reaches (bp). */
  rateBp: number;
  /** Surcharge applied for lack of a valid NIK/NPWP (bp of the tax; 0 with one). */
  surchargeBp: number;
  pph21: number;
}

/**
 * Bukan pegawai (e.g. a doctor paid a fee share) per PMK 168/2023 Pasal 12(3) and 16(3): Pasal 17 ayat (1) huruf a
 * on 50% of the gross of EACH payment; not cumulative over the year, no PTKP. Without a valid NIK/NPWP the tax is
 * 20% higher (`rules.noTaxIdSurchargeBp`); `payee` is the person's NIK/NPWP, or a boolean when already checked. The one function for payroll, doctor payout runs and anything else that
 * pays a non-employee.
 */
export function pph21BukanPegawai(
  brutoSen: number,
  rules: TaxRules,
  payee: TaxIdentity | boolean | null,
): BukanPegawaiResult {
  assertSen(brutoSen, 'Bruto');
  const dpp = brutoSen <= 0 ? 0 : percentFloorRupiah(brutoSen, rules.bukanPegawaiBaseBp);
  const hasId = typeof payee === 'boolean' ? payee : hasValidTaxId(payee);
  const surchargeBp = hasId ? 0 : rules.noTaxIdSurchargeBp;
  const exact = pasal17Exact(dpp, rules) * BigInt(10_000 + surchargeBp);
  return {
    dpp,
    rateBp: pasal17MarginalBp(dpp, rules),
    surchargeBp,
    pph21: Number(floorDiv(exact, BP * BP * BigInt(SEN)) * BigInt(SEN)),
  };
}

/**
 * Daily-paid pegawai tidak tetap (PP 58/2023 TER harian): up to 450.000 a day 0%; above it up to 2.500.000 0,5% of
 * the daily gross. Above 2.500.000 a day: Pasal 17 on 50% of the daily gross (unconfirmed, docs/decisions.md).
 */
export function pph21Harian(dailyBrutoSen: number, rules: TaxRules): { rateBp: number; pph21: number } {
  assertSen(dailyBrutoSen, 'Bruto harian');
  const h = rules.harian;
  if (dailyBrutoSen <= h.freeUpTo * SEN) return { rateBp: 0, pph21: 0 };
  if (dailyBrutoSen <= h.upTo * SEN) return { rateBp: h.rateBp, pph21: percentFloorRupiah(dailyBrutoSen, h.rateBp) };
  const dpp = percentFloorRupiah(dailyBrutoSen, rules.bukanPegawaiBaseBp);
  return { rateBp: pasal17MarginalBp(dpp, rules), pph21: pasal17(dpp, rules) };
}
