/** Attendance: the daily attendance of a branch. */
import { branchScope } from '../../../http/access-scope.js';
import { type DailyQuery, type DailyStatus } from '@klinik/shared';
import { requireUser, type Ctx } from '../../../http/context.js';
import * as q from '../queries/index.js';
import { correctionsOf, pendingCorrectionsOf, type PendingCorrection } from '../corrections.js';
import {
  addDaysTo,
  attendShift,
  EARLY_WINDOW_MIN,
  LATE_WINDOW_MIN,
  localToEpoch,
  shiftBounds,
  type Punch,
} from '../timeclock.js';

import { MIN } from './scope.js';
import { localIso } from './roster.js';

// ---------------------------------------------------------------------------------------------------------------
// Daily attendance
// ---------------------------------------------------------------------------------------------------------------

export interface DailyRow {
  employee: number;
  name: string;
  username: string;
  department: string | null;
  shift: string | null;
  shift_start: string | null;
  shift_end: string | null;
  check_in: string | null;
  check_out: string | null;
  status: DailyStatus;
  late_minutes: number;
  early_leave_minutes: number;
  missing_checkout: boolean;
  /** An active leave, sick or permitted absence of the day (its id, to cancel it). */
  leave: { id: number; kind: string; reason: string } | null;
  /** The approved correction of the day shown instead of the punches (they stay), with its reason. */
  correction: {
    id: number;
    reason: string;
    check_in: string | null;
    check_out: string | null;
    status: string | null;
    original: { check_in: string | null; check_out: string | null; status: DailyStatus };
  } | null;
  /** A correction of the day proposed and still waiting for approval (times as typed, HH:mm), nothing applied yet. */
  pending_correction: PendingCorrection | null;
}

/**
 * Who was present on a day: each active staff member of the branch with the day's rostered shift, the shift's
 * check-in and check-out (a punch after midnight belongs to the overnight shift it closes), late minutes and a
 * missing check-out flag. Without a shift: the day's own punches (not those of the previous night's shift).
 */
export async function daily(ctx: Ctx, f: DailyQuery, opts: { userId?: number } = {}): Promise<DailyRow[]> {
  requireUser(ctx);
  const branch = ctx.branchId;
  const tz = await q.branchTimezone(ctx.db, branch);
  const people = (
    await q.listEmployees(ctx.db, branchScope(ctx), { activeOnly: true, ids: opts.userId ? [opts.userId] : undefined })
  ).map((r) => r as q.EmployeeRow);
  const ids = people.map((p) => p.id);
  const prev = addDaysTo(f.date, -1);
  const next = addDaysTo(f.date, 1);
  const rosterRows = await q.rosterRange(ctx.db, branch, prev, next, ids);
  const fromIso = new Date(localToEpoch(prev, '00:00', tz)).toISOString();
  const toIso = new Date(localToEpoch(addDaysTo(f.date, 3), '00:00', tz)).toISOString();
  const punches = await q.punchesOf(
    ctx.db,
    branch,
    people.map((p) => ({ id: p.id, code: p.attendance_code })),
    fromIso,
    toIso,
  );
  const leaves = await q.activeLeaves(ctx.db, branch, f.date, f.date, ids);
  const now = ctx.now().getTime();
  const dayStart = localToEpoch(f.date, '00:00', tz);
  const dayEnd = localToEpoch(next, '00:00', tz);
  const iso = (ms: number | null) => (ms === null ? null : localIso(ms, tz));
  const rows = people.map((p): Omit<DailyRow, 'leave' | 'correction' | 'pending_correction'> => {
    const mine: Punch[] = punches
      .filter((x) => x.user_id === p.id || (x.user_id === null && !!p.attendance_code && x.code === p.attendance_code))
      .map((x) => ({ at: Date.parse(x.punch_at), state: x.state }));
    const rosterOf = (d: string) => rosterRows.find((r) => r.employee === p.id && r.date === d);
    const today = rosterOf(f.date);
    const yesterday = rosterOf(prev);
    const tomorrow = rosterOf(next);
    const base = {
      employee: p.id,
      name: p.name,
      username: p.username,
      department: p.department,
    };
    // The previous day's shift keeps its punches up to its own window end.
    const prevWindowEnd = yesterday ? shiftBounds(prev, yesterday, tz).end + LATE_WINDOW_MIN * MIN : null;
    if (!today) {
      const own = mine.filter(
        (x) => x.at >= dayStart && x.at < dayEnd && (prevWindowEnd === null || x.at >= prevWindowEnd),
      );
      const inP = own[0] ?? null;
      const outP = own.length > 1 ? own[own.length - 1] : null;
      return {
        ...base,
        shift: null,
        shift_start: null,
        shift_end: null,
        check_in: iso(inP?.at ?? null),
        check_out: iso(outP?.at ?? null),
        status: inP ? (outP || now < dayEnd ? 'hadir' : 'belum_pulang') : 'libur',
        late_minutes: 0,
        early_leave_minutes: 0,
        missing_checkout: !!inP && !outP && now >= dayEnd,
      };
    }
    const bounds = shiftBounds(f.date, today, tz);
    const nextWindowStart = tomorrow ? shiftBounds(next, tomorrow, tz).start - EARLY_WINDOW_MIN * MIN : undefined;
    const a = attendShift(bounds, today, mine, {
      windowStart: prevWindowEnd ?? undefined,
      windowEnd: nextWindowStart,
      now,
    });
    let status: DailyStatus;
    if (a.check_in === null) status = now >= bounds.end ? 'tidak_hadir' : 'belum_hadir';
    else if (a.missing_checkout) status = 'belum_pulang';
    else status = a.late_minutes > 0 ? 'terlambat' : 'hadir';
    return {
      ...base,
      shift: today.shift_name,
      shift_start: iso(bounds.start),
      shift_end: iso(bounds.end),
      check_in: iso(a.check_in),
      check_out: iso(a.check_out),
      status,
      late_minutes: a.late_minutes,
      early_leave_minutes: a.early_leave_minutes,
      missing_checkout: a.missing_checkout,
    };
  });
  // A recorded leave, sick day or permitted absence names a day without a check-in (a punch still shows presence).
  const withLeave = rows.map((r) => {
    const l = leaves.find((x) => x.employee === r.employee);
    const leave = l ? { id: l.id, kind: l.kind, reason: l.reason } : null;
    if (l && r.check_in === null) return { ...r, status: l.kind as DailyStatus, leave, correction: null };
    return { ...r, leave, correction: null };
  });
  // An approved correction of a manager replaces what the punches say (the punches stay), with its reason.
  const fixes = await correctionsOf(ctx, branch, f.date, ids);
  const waiting = await pendingCorrectionsOf(ctx, f.date, ids);
  return withLeave.map((r0): DailyRow => {
    const r = { ...r0, pending_correction: waiting.get(r0.employee) ?? null };
    const k = fixes.get(r.employee);
    if (!k) return r;
    const checkIn = k.check_in ? Date.parse(k.check_in) : r.check_in ? Date.parse(r.check_in) : null;
    const checkOut = k.check_out ? Date.parse(k.check_out) : r.check_out ? Date.parse(r.check_out) : null;
    const start = r.shift_start ? Date.parse(r.shift_start) : null;
    const end = r.shift_end ? Date.parse(r.shift_end) : null;
    const tolerance = rosterRows.find((x) => x.employee === r.employee && x.date === f.date)?.late_tolerance ?? 0;
    const lateRaw = start !== null && checkIn !== null ? Math.max(0, Math.floor((checkIn - start) / MIN)) : 0;
    const late = lateRaw > tolerance ? lateRaw : 0;
    const early = end !== null && checkOut !== null ? Math.max(0, Math.floor((end - checkOut) / MIN)) : 0;
    let status: DailyStatus = r.status;
    if (k.status) status = k.status as DailyStatus;
    else if (checkIn !== null && checkOut !== null) status = late > 0 ? 'terlambat' : 'hadir';
    const present = status === 'hadir' || status === 'terlambat';
    return {
      ...r,
      check_in: present ? iso(checkIn) : k.check_in ? iso(checkIn) : r.check_in,
      check_out: present ? iso(checkOut) : k.check_out ? iso(checkOut) : r.check_out,
      status,
      late_minutes: status === 'terlambat' ? Math.max(late, 1) : 0,
      early_leave_minutes: present ? early : 0,
      missing_checkout: present ? checkOut === null : false,
      correction: {
        id: k.id,
        reason: k.reason,
        check_in: k.check_in ? iso(Date.parse(k.check_in)) : null,
        check_out: k.check_out ? iso(Date.parse(k.check_out)) : null,
        status: k.status,
        original: { check_in: r.check_in, check_out: r.check_out, status: r.status },
      },
    };
  });
}
