import type { AttendanceCorrectionInput, ApprovalAction } from '@klinik/shared';
import { attendanceCorrectionInput } from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { requireAccess } from '../../http/access-scope.js';
import { audit } from '../../lib/audit.js';
import { pendingRequests, requestOrRun, type ApprovalExecutor } from '../applog/index.js';
import { EMPLOYEE } from './entities.js';
import { payApprovalExecutors } from './pay.js';
import * as q from './queries/index.js';
import { addDaysTo, localToEpoch } from './timeclock.js';

/**
 * Corrections of a day's attendance by a manager (issue 15, "through the approval engine (reason kept)"): the
 * proposal is an approval request (`attendance.correct_day`); only when it is approved is an
 * `attendance_correction` row written. Punches are never changed; the daily view shows the latest correction.
 */
export async function proposeCorrection(ctx: Ctx, input: AttendanceCorrectionInput) {
  const c = requireUser(ctx);
  // Another branch's employee: 404, as any other row of another branch.
  await requireAccess(ctx, EMPLOYEE, [input.employee], 'write');
  const who = await q.staffName(ctx.db, input.employee);
  if (!who) throw notFound('Pegawai tidak ditemukan');
  const payload = JSON.parse(JSON.stringify(input)) as AttendanceCorrectionInput;
  const what = [
    input.check_in ? `masuk ${input.check_in}` : null,
    input.check_out ? `pulang ${input.check_out}` : null,
    input.status ? `status ${input.status}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return requestOrRun(
    c,
    {
      action: 'attendance.correct_day',
      message: `Koreksi absensi ${who.name} tanggal ${input.date}: ${what}`,
      note: input.reason,
      entity: 'attendance_day',
      entityId: input.employee,
      subjectUserId: input.employee,
      payload,
      url: `/attendance/attendance/daily?date=${input.date}`,
    },
    (tx) => applyCorrection(tx, payload, c.user.id, null),
  );
}

async function applyCorrection(
  tx: Ctx,
  input: AttendanceCorrectionInput,
  requestedBy: number,
  applogId: number | null,
) {
  const tz = await q.branchTimezone(tx.db, tx.branchId);
  const inMs = input.check_in ? localToEpoch(input.date, input.check_in, tz) : null;
  let outMs = input.check_out ? localToEpoch(input.date, input.check_out, tz) : null;
  // A check-out at or before the check-in closes an overnight shift: it is the next day.
  if (outMs !== null && inMs !== null && outMs <= inMs)
    outMs = localToEpoch(addDaysTo(input.date, 1), input.check_out!, tz);
  const row = await q.insertCorrection(tx.db, {
    profile_id: tx.branchId,
    user_id: input.employee,
    date: input.date,
    check_in: inMs === null ? null : new Date(inMs).toISOString(),
    check_out: outMs === null ? null : new Date(outMs).toISOString(),
    status: input.status ?? null,
    reason: input.reason,
    requested_by: requestedBy,
    applog_id: applogId,
  });
  await audit(tx, { action: 'create', entity: 'attendance_correction', entityId: row.id, after: row });
  return row;
}

/** The latest correction of each of these employees on a day (a later correction replaces an earlier one). */
export async function correctionsOf(ctx: Ctx, branch: number, date: string, ids: number[]) {
  const out = new Map<number, q.CorrectionRow>();
  if (!ids.length) return out;
  for (const r of await q.correctionsOfDay(ctx.db, branch, date, ids)) if (!out.has(r.user_id)) out.set(r.user_id, r);
  return out;
}

/** An approved request carries its stored proposal out, in the deciding transaction and the request's branch. */
const runStoredCorrection: ApprovalExecutor = async (tx, payload, req) =>
  applyCorrection(tx, attendanceCorrectionInput.parse(payload), req.user_id, req.id);

export const attendanceApprovalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>> = {
  'attendance.correct_day': runStoredCorrection,
  ...payApprovalExecutors,
};

/** A correction of a day proposed and still waiting for approval (times as typed, HH:mm), nothing applied yet. */
export interface PendingCorrection {
  applog_id: number;
  reason: string;
  check_in: string | null;
  check_out: string | null;
  status: string | null;
  requested_by: string;
}

/** Corrections of this day still waiting for approval, per employee (the latest request), for the daily view. */
export async function pendingCorrectionsOf(ctx: Ctx, date: string, ids: number[]) {
  const out = new Map<number, PendingCorrection>();
  for (const r of await pendingRequests(ctx, 'attendance.correct_day', 'attendance_day', ids)) {
    const p = r.payload as Partial<AttendanceCorrectionInput> | null;
    if (!p || p.date !== date || r.entity_id === null || out.has(r.entity_id)) continue;
    out.set(r.entity_id, {
      applog_id: r.id,
      reason: p.reason ?? r.note ?? '',
      check_in: p.check_in ?? null,
      check_out: p.check_out ?? null,
      status: p.status ?? null,
      requested_by: r.requested_by,
    });
  }
  return out;
}
