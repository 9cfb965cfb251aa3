/**
 * Pure rules of the time clock: local times of a branch to instants, device log parsing, and which punches make a
 * rostered shift's check-in and check-out (docs/decisions.md, "Attendance and payroll").
 */

const MIN = 60_000;

/** One formatter per zone (issue 10: built once, not for every punch a list converts). */
const PART_FORMATTERS = new Map<string, Intl.DateTimeFormat>();
function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = PART_FORMATTERS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    PART_FORMATTERS.set(timeZone, f);
  }
  return f;
}

function offsetMinutes(timeZone: string, utcMs: number): number {
  const parts = partFormatter(timeZone).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / MIN);
}

/** 'YYYY-MM-DD' + 'HH:MM[:SS]' in a time zone -> epoch ms. */
export function localToEpoch(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm, ss || 0);
  let t = guess - offsetMinutes(timeZone, guess) * MIN;
  t = guess - offsetMinutes(timeZone, t) * MIN;
  return t;
}

/** epoch ms -> local { date: 'YYYY-MM-DD', time: 'HH:MM' } in a time zone. */
export function epochToLocal(ms: number, timeZone: string): { date: string; time: string } {
  const local = new Date(ms + offsetMinutes(timeZone, ms) * MIN).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

export function addDaysTo(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------------
// Device log
// ---------------------------------------------------------------------------------------------------------------

export interface ParsedPunch {
  line: number;
  code: string;
  date: string;
  time: string;
  state: number;
}

const DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The fingerprint device's attendance log as text. Each non-empty line: attendance code, date-time, then either the
 * state (a three-column export: `code, datetime, state`) or the ZKTeco `attlog` columns `verify, state, workcode...`
 * (four or more columns: the state is the fourth). Separators: tab, comma or semicolon. Date-time `YYYY-MM-DD HH:MM[:SS]`
 * (or with slashes), local time of the branch. A header line starting with a non-digit code word is skipped.
 */
export function parseDeviceLog(text: string): { punches: ParsedPunch[]; errors: { line: number; message: string }[] } {
  const punches: ParsedPunch[] = [];
  const errors: { line: number; message: string }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const cols = raw
      .split(/\t|,|;/)
      .map((c) => c.trim())
      .filter((c, j, all) => c !== '' || j < all.length - 1);
    if (i === 0 && /^(pin|no|id|kode|code|attendance|user)/i.test(cols[0] ?? '') && !DATE_TIME.test(cols[1] ?? '')) {
      return; // header
    }
    const [code, dt, ...rest] = cols;
    if (!code || code.length > 50) {
      errors.push({ line, message: `Baris ${line}: kode absensi tidak valid` });
      return;
    }
    const m = DATE_TIME.exec(dt ?? '');
    if (!m) {
      errors.push({ line, message: `Baris ${line}: tanggal dan jam tidak valid (format YYYY-MM-DD HH:MM:SS)` });
      return;
    }
    const [, y, mo, d, h, mi, s] = m;
    const date = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
    const time = `${h.padStart(2, '0')}:${mi}:${s ?? '00'}`;
    const probe = new Date(`${date}T${time}Z`);
    if (Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 10) !== date || Number(h) > 23) {
      errors.push({ line, message: `Baris ${line}: tanggal dan jam tidak valid` });
      return;
    }
    const stateText = rest.length >= 2 ? rest[1] : (rest[0] ?? '0');
    const state = Number(stateText === '' ? '0' : stateText);
    if (!Number.isInteger(state) || state < 0 || state > 5) {
      errors.push({ line, message: `Baris ${line}: status harus 0 sampai 5` });
      return;
    }
    punches.push({ line, code, date, time, state });
  });
  return { punches, errors };
}

// ---------------------------------------------------------------------------------------------------------------
// A shift's punches
// ---------------------------------------------------------------------------------------------------------------

export interface ShiftDef {
  start_time: string;
  end_time: string;
  crosses_midnight: boolean;
  late_tolerance: number;
  break_minutes: number;
}

export interface Punch {
  at: number; // epoch ms
  state: number;
}

/** How long before a shift's start a punch may count as its check-in, and after its end as its check-out. */
export const EARLY_WINDOW_MIN = 4 * 60;
export const LATE_WINDOW_MIN = 8 * 60;

/** A rostered shift's start and end instants (the end on the next day when it crosses midnight). */
export function shiftBounds(date: string, s: ShiftDef, timeZone: string): { start: number; end: number } {
  const start = localToEpoch(date, s.start_time, timeZone);
  const endDate = s.crosses_midnight ? addDaysTo(date, 1) : date;
  return { start, end: localToEpoch(endDate, s.end_time, timeZone) };
}

export interface ShiftAttendance {
  check_in: number | null;
  check_out: number | null;
  late_minutes: number;
  early_leave_minutes: number;
  missing_checkout: boolean;
}

/**
 * The check-in and check-out of one rostered shift. Its punches are those from 4 hours before the start to 8 hours
 * after the end, cut where the next rostered shift's window begins (`windowEnd`), so a punch after midnight belongs
 * to the overnight shift it closes. Check-in: the first check-in punch (state 0) in the window, else the first punch
 * before the shift's midpoint. Check-out: the last check-out punch (state 1) after the check-in, else the last punch
 * after the midpoint. Late: minutes after the start when beyond the tolerance (counted from the start).
 */
export function attendShift(
  bounds: { start: number; end: number },
  s: ShiftDef,
  punches: Punch[],
  opts: { windowStart?: number; windowEnd?: number; now?: number } = {},
): ShiftAttendance {
  const from = Math.max(bounds.start - EARLY_WINDOW_MIN * MIN, opts.windowStart ?? Number.NEGATIVE_INFINITY);
  const to = Math.min(bounds.end + LATE_WINDOW_MIN * MIN, opts.windowEnd ?? Number.POSITIVE_INFINITY);
  const mine = punches.filter((p) => p.at >= from && p.at < to).sort((a, b) => a.at - b.at);
  const mid = bounds.start + (bounds.end - bounds.start) / 2;
  const inPunch = mine.find((p) => p.state === 0) ?? mine.find((p) => p.at < mid && p.state !== 1);
  const after = mine.filter((p) => !inPunch || p.at > inPunch.at);
  const outPunch = [...after].reverse().find((p) => p.state === 1) ?? [...after].reverse().find((p) => p.at >= mid);
  const check_in = inPunch?.at ?? null;
  const check_out = outPunch?.at ?? null;
  const lateRaw = check_in === null ? 0 : Math.floor((check_in - bounds.start) / MIN);
  const late_minutes = lateRaw > s.late_tolerance ? lateRaw : 0;
  const early_leave_minutes = check_out === null ? 0 : Math.max(0, Math.ceil((bounds.end - check_out) / MIN));
  const closed = opts.now === undefined || opts.now >= to;
  return {
    check_in,
    check_out,
    late_minutes,
    early_leave_minutes,
    missing_checkout: check_in !== null && check_out === null && closed,
  };
}

/** Great-circle distance in metres (web check-in inside an office radius). */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const R = 6_371_000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(a));
}
