/** Doctor payout runs (issue 29 item 3): /api/finance/sharing/runs. */
import { dateString, emptyToUndefined, idOf, z } from './common.js';
import { idempotencyKey } from './paket.js';

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

export const sharingRunInput = z.object({
  period: z.string({ error: 'Periode wajib diisi' }).regex(PERIOD, 'Periode harus berformat YYYY-MM'),
  /** The last service date taken (default: the period's last day); within the period. */
  cutoff: z.preprocess(emptyToUndefined, dateString.optional()),
  idempotency_key: idempotencyKey.optional(),
});
export type SharingRunInput = z.infer<typeof sharingRunInput>;

export const sharingRunQuery = z.object({
  period: z.preprocess(emptyToUndefined, z.string().regex(PERIOD, 'Periode harus berformat YYYY-MM').optional()),
});
export type SharingRunQuery = z.infer<typeof sharingRunQuery>;

export const sharingRunExcludeInput = z.object({
  id: idOf('Id tidak valid'),
  line: idOf('Baris jasa dokter wajib dipilih'),
  reason: z
    .string({ error: 'Alasan wajib diisi' })
    .trim()
    .min(3, 'Alasan wajib diisi (minimal 3 huruf)')
    .max(255, 'Alasan terlalu panjang'),
});
export type SharingRunExcludeInput = z.infer<typeof sharingRunExcludeInput>;

export const sharingRunSlipQuery = z.object({
  id: idOf('Id tidak valid'),
  /** One doctor's slip; absent: every doctor's slip of the run. */
  doctor: z.preprocess(emptyToUndefined, idOf('Dokter tidak valid').optional()),
});

export interface SharingRunLineDto {
  id: number;
  visit: number | null;
  perawatan: number | null;
  perawatan_name: string | null;
  service_date: string;
  share: number;
  tax_base: number;
  clawback_of: number | null;
}

export interface SharingRunDoctorDto {
  doctor: number;
  doctor_name: string;
  tax_id: string | null;
  lines: SharingRunLineDto[];
  gross: number;
  tax_base: number;
  /** 50% of the tax base (PMK 168/2023), the Pasal 17 rate on it and the surcharge without NPWP/NIK (%). */
  dpp: number;
  rate: number;
  surcharge: number;
  pph21: number;
  net: number;
}

export interface SharingRunDto {
  id: number;
  period: string;
  cutoff: string;
  status: 'open' | 'approved';
  applog_id: number | null;
  /** Who filed the approval request that waits (null: none waiting). */
  requested_by: number | null;
  jurnal_id: number | null;
  created_by: number | null;
  approved_by: number | null;
  approved_at: string | null;
  doctors: SharingRunDoctorDto[];
  excluded: { line: number; reason: string }[];
  totals: { gross: number; pph21: number; net: number };
}
