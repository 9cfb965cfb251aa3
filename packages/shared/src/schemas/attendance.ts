import { z, rupiah } from './common.js';
import { PTKP_STATUSES } from '../payroll/rules.js';
import { EMPLOYMENT_TYPES } from '../payroll/year.js';

/**
 * Attendance and payroll (issue 15). Field names follow the issue's REST contract; amounts are rupiah in the API.
 */

export const ptkpStatus = z.enum(PTKP_STATUSES, {
  error: 'Status PTKP harus salah satu dari TK/0 sampai TK/3 atau K/0 sampai K/3',
});

export const employmentType = z.enum(EMPLOYMENT_TYPES, {
  error: 'Jenis pegawai harus tetap, tidak_tetap atau bukan_pegawai',
});

const monthNumber = z
  .number({ error: 'Bulan harus berupa angka 1 sampai 12' })
  .int('Bulan harus berupa angka 1 sampai 12')
  .min(1, 'Bulan harus berupa angka 1 sampai 12')
  .max(12, 'Bulan harus berupa angka 1 sampai 12');

/** POST /api/attendance/payroll/pph21: the PPh 21 simulator (same engine as the payroll run). */
export const pph21SimInput = z
  .object({
    ptkp: ptkpStatus,
    employment: employmentType,
    start_month: monthNumber.optional(),
    /** Tax year whose rules apply (default: this year). */
    year: z
      .number({ error: 'Tahun harus berupa angka' })
      .int('Tahun harus berupa angka')
      .min(2024, 'Tahun minimal 2024 (tarif efektif PP 58/2023)')
      .max(2100, 'Tahun tidak valid')
      .optional(),
    months: z
      .array(
        z.object({
          month: monthNumber,
          bruto: rupiah,
          /** Employee-paid JHT + JP of the month (reduces neto in the annual recomputation). */
          iuran_pensiun: rupiah.optional(),
        }),
        { error: 'Daftar bulan wajib diisi' },
      )
      .min(1, 'Isi penghasilan minimal satu bulan')
      .max(12, 'Maksimal 12 bulan'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.months.forEach((m, i) => {
      if (seen.has(m.month)) {
        ctx.addIssue({
          code: 'custom',
          message: `Bulan ${m.month} diisi lebih dari sekali`,
          path: ['months', i, 'month'],
        });
      }
      seen.add(m.month);
    });
    if (v.start_month !== undefined && v.months.some((m) => m.month < v.start_month!)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Bulan mulai bekerja tidak boleh setelah bulan penghasilan pertama',
        path: ['start_month'],
      });
    }
  });
export type Pph21SimInput = z.infer<typeof pph21SimInput>;

export interface Pph21SimMonth {
  month: number;
  bruto: number;
  /** TER category (A/B/C); null for bukan pegawai. */
  category: 'A' | 'B' | 'C' | null;
  /** Percent: the TER rate of the month's gross; for bukan pegawai the top Pasal 17 rate reached. */
  rate: number;
  pph21: number;
}

export interface Pph21SimLast {
  month: number;
  bulan_kerja: number;
  bruto_setahun: number;
  biaya_jabatan: number;
  iuran_pensiun: number;
  neto: number;
  ptkp: number;
  pkp: number;
  pph_setahun: number;
  dipotong: number;
  pph21: number;
}

export interface Pph21SimResult {
  year: number;
  months: Pph21SimMonth[];
  last: Pph21SimLast | null;
  total_pph21: number;
}
