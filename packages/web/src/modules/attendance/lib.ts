import type { EmploymentType } from '@klinik/shared';

export { MONTH_NAMES } from '@klinik/shared';

export const EMPLOYMENT_LABELS: Record<EmploymentType, string> = {
  tetap: 'Pegawai tetap',
  tidak_tetap: 'Pegawai tidak tetap',
  bukan_pegawai: 'Bukan pegawai',
};

/** A label of a code the server answers as a plain string (falls back to the code itself). */
export const labelOf = (labels: Record<string, string>, code: string): string => labels[code] ?? code;

/** 'HH:MM' of a local ISO instant, with '(+1)' when it falls on the day after `date`. */
export function clock(iso: string | null, date: string): string {
  if (!iso) return '-';
  return `${iso.slice(11, 16)}${iso.slice(0, 10) > date ? ' (+1)' : ''}`;
}
