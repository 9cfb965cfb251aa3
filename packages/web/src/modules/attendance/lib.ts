import type { EmploymentType } from '@klinik/shared';

export const MONTH_NAMES = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

export const EMPLOYMENT_LABELS: Record<EmploymentType, string> = {
  tetap: 'Pegawai tetap',
  tidak_tetap: 'Pegawai tidak tetap',
  bukan_pegawai: 'Bukan pegawai',
};

/** A label of a code the server answers as a plain string (falls back to the code itself). */
export const labelOf = (labels: Record<string, string>, code: string): string => labels[code] ?? code;
