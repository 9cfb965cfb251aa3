/** Business dates are 'YYYY-MM-DD' strings; instants are ISO strings. Formatting is id-ID. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const BRANCH_TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;
export type BranchTimeZone = (typeof BRANCH_TIME_ZONES)[number];
export const TIME_ZONE_LABELS: Record<BranchTimeZone, string> = {
  'Asia/Jakarta': 'WIB (Asia/Jakarta)',
  'Asia/Makassar': 'WITA (Asia/Makassar)',
  'Asia/Jayapura': 'WIT (Asia/Jayapura)',
};

export function isValidDate(s: string): boolean {
  if (!DATE_PATTERN.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** One formatter per time zone, built once (building an Intl.DateTimeFormat costs far more than using it). */
const DAY_FORMATTERS = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = DAY_FORMATTERS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    DAY_FORMATTERS.set(timeZone, f);
  }
  return f;
}

const ID_FORMATTERS = new Map<string, Intl.DateTimeFormat>();
function cachedFormatter(key: string, options: () => Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = ID_FORMATTERS.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('id-ID', options());
    ID_FORMATTERS.set(key, f);
  }
  return f;
}

/** Today's date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayFormatter(timeZone).format(now);
}

/** The Indonesian month names, January first: the one list every page, export and PDF uses. */
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
const MONTHS: readonly string[] = MONTH_NAMES;

/** '2026-11' -> 'November 2026' (a payroll or tax period). */
export function periodLabel(period: string): string {
  return `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
}

/** '2026-11-22' -> '22 November 2026' */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-';
  if (typeof value === 'string' && DATE_PATTERN.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return `${d} ${MONTHS[m - 1]} ${y}`;
  }
  const dt = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(dt.getTime())) return '-';
  return cachedFormatter(`date:Asia/Jakarta`, () => ({
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Jakarta',
  })).format(dt);
}

/** Instant with time, id-ID: '22 November 2026 14.05' */
export function formatDateTime(value: string | Date | null | undefined, timeZone = 'Asia/Jakarta'): string {
  if (!value) return '-';
  const dt = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(dt.getTime())) return '-';
  return cachedFormatter(`datetime:${timeZone}`, () => ({
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  })).format(dt);
}

/** Age in whole years on a given date. */
export function ageOn(birthDate: string, on: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = on.split('-').map(Number);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age--;
  return age;
}

/** Adds months to a YYYY-MM-DD date, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  const nd = Math.min(d, last);
  return `${ny}-${String(nm).padStart(2, '0')}-${String(nd).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d + days));
  return dt.toISOString().slice(0, 10);
}

/**
 * How far from today a planned date of the clinic may lie (reservations ahead, leave either side): one year
 * (issue 25 finding 8: nothing in 2099).
 */
export const MAX_DAYS_AHEAD = 365;
