/**
 * NIK: 16 digits, province(2) regency(2) district(2) DDMMYY (women: day + 40) serial(4).
 * A NIK is permanent even when its date part looks wrong: callers warn on a mismatch, never reject.
 */
export const NIK_PATTERN = /^\d{16}$/;

export function isNikFormat(nik: string): boolean {
  return NIK_PATTERN.test(nik);
}

/** Birth date encoded in a NIK as {day, month, yy, female}, or null when the digits cannot be a date. */
export function nikBirthParts(nik: string): { day: number; month: number; yy: number; female: boolean } | null {
  if (!isNikFormat(nik)) return null;
  let day = Number(nik.slice(6, 8));
  const month = Number(nik.slice(8, 10));
  const yy = Number(nik.slice(10, 12));
  const female = day > 40;
  if (female) day -= 40;
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  return { day, month, yy, female };
}

/** True when the NIK's date part agrees with birthDate (YYYY-MM-DD) and, if given, gender (1 = female). */
export function nikMatchesBirth(nik: string, birthDate: string, gender?: number): boolean {
  const parts = nikBirthParts(nik);
  if (!parts) return false;
  const [y, m, d] = birthDate.split('-').map(Number);
  if (parts.day !== d || parts.month !== m || parts.yy !== y % 100) return false;
  if (gender !== undefined && parts.female !== (gender === 1)) return false;
  return true;
}
