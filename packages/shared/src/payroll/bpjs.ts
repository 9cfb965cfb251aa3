import { percentRoundRupiah } from './pph21.js';

/**
 * BPJS Kesehatan (JKN) and Ketenagakerjaan (JHT, JP, JKK, JKM) contributions, pure. Rates in basis points, wage
 * caps in sen; both come from dated settings (table `payroll_setting`), never from constants in code: a change by
 * BPJS is a new row with its first day. Contributions are rounded half up to whole rupiah.
 */

export const PAYROLL_SETTING_KEYS = [
  'jkn_employer_bp',
  'jkn_employee_bp',
  'jkn_cap',
  'jht_employer_bp',
  'jht_employee_bp',
  'jp_employer_bp',
  'jp_employee_bp',
  'jp_cap',
  'jkk_bp',
  'jkm_bp',
] as const;
export type PayrollSettingKey = (typeof PAYROLL_SETTING_KEYS)[number];

export const PAYROLL_SETTING_LABELS: Record<PayrollSettingKey, string> = {
  jkn_employer_bp: 'BPJS Kesehatan pemberi kerja (%)',
  jkn_employee_bp: 'BPJS Kesehatan pegawai (%)',
  jkn_cap: 'Batas upah BPJS Kesehatan (Rp)',
  jht_employer_bp: 'JHT pemberi kerja (%)',
  jht_employee_bp: 'JHT pegawai (%)',
  jp_employer_bp: 'JP pemberi kerja (%)',
  jp_employee_bp: 'JP pegawai (%)',
  jp_cap: 'Batas upah JP (Rp)',
  jkk_bp: 'JKK (%)',
  jkm_bp: 'JKM (%)',
};

/** `value`: basis points for rates (keys ending in _bp), sen for caps. */
export interface DatedSetting {
  key: PayrollSettingKey;
  /** First day in force, YYYY-MM-DD. */
  from: string;
  value: number;
  note?: string;
}

/** The rows shipped with the product (seeded by a migration; HR adds new rows when BPJS changes them). */
export const DEFAULT_PAYROLL_SETTINGS: readonly DatedSetting[] = [
  { key: 'jkn_employer_bp', from: '2020-01-01', value: 400, note: 'Perpres 75/2019' },
  { key: 'jkn_employee_bp', from: '2020-01-01', value: 100, note: 'Perpres 75/2019' },
  { key: 'jkn_cap', from: '2020-01-01', value: 12_000_000_00, note: 'Perpres 75/2019' },
  { key: 'jht_employer_bp', from: '2015-07-01', value: 370, note: 'PP 46/2015' },
  { key: 'jht_employee_bp', from: '2015-07-01', value: 200, note: 'PP 46/2015' },
  { key: 'jp_employer_bp', from: '2015-07-01', value: 200, note: 'PP 45/2015' },
  { key: 'jp_employee_bp', from: '2015-07-01', value: 100, note: 'PP 45/2015' },
  { key: 'jp_cap', from: '2024-03-01', value: 10_042_300_00, note: 'BPJS Ketenagakerjaan, Maret 2024' },
  { key: 'jp_cap', from: '2025-03-01', value: 10_547_400_00, note: 'BPJS Ketenagakerjaan, Maret 2025' },
  {
    key: 'jp_cap',
    from: '2026-03-01',
    value: 11_086_300_00,
    note: 'BPJS Ketenagakerjaan, Maret 2026 (belum dikonfirmasi)',
  },
  { key: 'jkk_bp', from: '2015-07-01', value: 24, note: 'PP 44/2015, kelompok risiko sangat rendah (klinik)' },
  { key: 'jkm_bp', from: '2015-07-01', value: 30, note: 'PP 44/2015' },
];

export type BpjsSettings = Record<PayrollSettingKey, number>;

/** The settings in force on a day: per key, the row with the latest `from` not after the day. */
export function settingsAt(rows: readonly DatedSetting[], day: string): BpjsSettings {
  const out: Partial<BpjsSettings> = {};
  const from: Partial<Record<PayrollSettingKey, string>> = {};
  for (const r of rows) {
    if (r.from > day) continue;
    const seen = from[r.key];
    if (seen === undefined || r.from > seen) {
      out[r.key] = r.value;
      from[r.key] = r.from;
    }
  }
  const missing = PAYROLL_SETTING_KEYS.filter((k) => out[k] === undefined);
  if (missing.length) throw new RangeError(`Setelan BPJS belum ada untuk tanggal ${day}: ${missing.join(', ')}`);
  return out as BpjsSettings;
}

export interface BpjsResult {
  jknEmployer: number;
  jknEmployee: number;
  jhtEmployer: number;
  jhtEmployee: number;
  jpEmployer: number;
  jpEmployee: number;
  jkk: number;
  jkm: number;
  /** Employer premiums that are the employee's taxable income: JKN employer + JKK + JKM. */
  taxableBenefit: number;
  /** Employee-paid JHT + JP (reduce neto in the annual recomputation). */
  iuranPensiun: number;
  /** Everything deducted from the employee's pay: JKN + JHT + JP employee parts. */
  employeeTotal: number;
  /** Everything the employer pays on top of the wage. */
  employerTotal: number;
}

/**
 * Contributions on a monthly wage (the BPJS base: base salary plus the fixed allowances marked as BPJS base), sen.
 * JKN is capped at `jkn_cap`, JP at `jp_cap`; JHT, JKK and JKM have no cap.
 */
export function computeBpjs(wageSen: number, s: BpjsSettings): BpjsResult {
  if (!Number.isSafeInteger(wageSen) || wageSen < 0) throw new RangeError('Upah BPJS tidak valid');
  const jknBase = Math.min(wageSen, s.jkn_cap);
  const jpBase = Math.min(wageSen, s.jp_cap);
  const r = {
    jknEmployer: percentRoundRupiah(jknBase, s.jkn_employer_bp),
    jknEmployee: percentRoundRupiah(jknBase, s.jkn_employee_bp),
    jhtEmployer: percentRoundRupiah(wageSen, s.jht_employer_bp),
    jhtEmployee: percentRoundRupiah(wageSen, s.jht_employee_bp),
    jpEmployer: percentRoundRupiah(jpBase, s.jp_employer_bp),
    jpEmployee: percentRoundRupiah(jpBase, s.jp_employee_bp),
    jkk: percentRoundRupiah(wageSen, s.jkk_bp),
    jkm: percentRoundRupiah(wageSen, s.jkm_bp),
  };
  return {
    ...r,
    taxableBenefit: r.jknEmployer + r.jkk + r.jkm,
    iuranPensiun: r.jhtEmployee + r.jpEmployee,
    employeeTotal: r.jknEmployee + r.jhtEmployee + r.jpEmployee,
    employerTotal: r.jknEmployer + r.jhtEmployer + r.jpEmployer + r.jkk + r.jkm,
  };
}
