import { z, optionalText, emptyToUndefined, optionalDate, idOf } from './common.js';
import { PHONE_PATTERN } from '../phone.js';

/**
 * Issue 26 item 3: one patient, one record. What the 'Pasien Baru' form asks before saving (GET
 * /api/patients/duplicates): patients of the current branch that are likely the same person.
 */
export const patientDuplicateQuery = z.object({
  name: optionalText(150),
  idcard: z.preprocess(emptyToUndefined, z.string().trim().max(16).optional()),
  birth_date: optionalDate,
  phone: z.preprocess(emptyToUndefined, z.string().trim().max(30).optional()),
  /** A patient to leave out (the one being edited). */
  exclude: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
});
export type PatientDuplicateQuery = z.infer<typeof patientDuplicateQuery>;

/** Why a patient is a likely duplicate: the same NIK, or the same name with the same birth date or phone. */
export type PatientDuplicateReason = 'nik' | 'name_birth_date' | 'name_phone';
export const PATIENT_DUPLICATE_REASONS: Record<PatientDuplicateReason, string> = {
  nik: 'NIK sama',
  name_birth_date: 'Nama dan tanggal lahir sama',
  name_phone: 'Nama dan telepon sama',
};

export interface PatientDuplicateDto {
  id: number;
  /** NO RM. */
  username: string;
  name: string;
  birth_date: string | null;
  phone: string | null;
  idcard: string | null;
  status: number;
  reasons: PatientDuplicateReason[];
}

/** At most this many candidates are answered (the form shows them all). */
export const PATIENT_DUPLICATE_LIMIT = 10;

/**
 * The name as duplicates compare it: lower case, letters and digits only, single spaces ('  ANI  maharani.' and
 * 'Ani Maharani' are the same). The database's `klinik_name_norm` does the same (custom migration of issue 26).
 */
export function normalizePersonName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether a phone is worth comparing: a whole number (spaces, dashes, dots and brackets aside), not a fragment. */
export function isComparablePhone(phone: string | undefined | null): phone is string {
  return !!phone && PHONE_PATTERN.test(phone.replace(/[\s().-]/g, ''));
}

/**
 * POST /api/patients/merge (top-level users): `merged` (the duplicate) goes into `survivor` (the NO RM. that stays).
 * Always a request that another top-level user approves (POST /api/applog/doconfirm/{id}).
 */
export const patientMergeInput = z
  .object({
    survivor: idOf('Pasien yang dipertahankan wajib dipilih'),
    merged: idOf('Pasien yang digabungkan wajib dipilih'),
    reason: z.preprocess(
      emptyToUndefined,
      z
        .string({ error: 'Alasan penggabungan wajib diisi' })
        .trim()
        .min(5, 'Alasan penggabungan minimal 5 karakter')
        .max(500, 'Alasan penggabungan maksimal 500 karakter'),
    ),
  })
  .refine((v) => v.survivor !== v.merged, {
    message: 'Pasien tidak dapat digabungkan dengan dirinya sendiri',
    path: ['merged'],
  });
export type PatientMergeInput = z.infer<typeof patientMergeInput>;

/** One merge as the trace shows it (GET /api/patients/{id}/merges). */
export interface PatientMergeDto {
  id: number;
  survivor: { id: number; username: string; name: string };
  merged: { id: number; username: string; name: string };
  reason: string;
  requested_by: { id: number; name: string };
  approved_by: { id: number; name: string };
  applog_id: number;
  /** Rows moved to the survivor, per table (`visit`: [ids]). */
  moved: Record<string, number[]>;
  created_at: string;
}
