import { AppError, conflict, isUniqueViolation, pgErrorOf } from '../../http/errors.js';

/** The record's messages and the database conflicts it answers (medical records, issue 12). */

export const NO_READ = 'Anda tidak memiliki hak membaca rekam medis ini';
export const NEED_CORRECTION = 'Rekam medis sudah selesai: perubahan memerlukan hak perbaikan rekam medis';
export const NEED_REASON = 'Rekam medis sudah selesai: alasan perbaikan wajib diisi';
export const VISIT_CANCELLED = 'Kunjungan sudah dibatalkan';
export const STALE = 'Entri sudah diubah oleh pengguna lain; muat ulang lalu ulangi perbaikan';
export const VOIDED = 'Entri sudah dibatalkan';

export function pgConflict(err: unknown): AppError | null {
  if (pgErrorOf(err)?.code === '40001' || isUniqueViolation(err, 'rm_entry_version_entry_version_idx'))
    return conflict(STALE, 'version');
  return null;
}
