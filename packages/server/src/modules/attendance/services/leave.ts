/** Attendance: leave, sick and permitted absence, and the signed-in user's own day. */
import { branchScope, requireAccess, requireReference } from '../../../http/access-scope.js';
import { EMPLOYEE, LEAVE } from '../entities.js';
import { type LeaveInput, MAX_DAYS_AHEAD } from '@klinik/shared';
import { requireUser, inTransaction, type Ctx } from '../../../http/context.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import * as q from '../queries/index.js';
import { addDaysTo } from '../timeclock.js';

import { localIso } from './roster.js';
import { daily } from './daily.js';

// ---------------------------------------------------------------------------------------------------------------
// Leave, sick, permitted absence
// ---------------------------------------------------------------------------------------------------------------

export async function listLeaves(ctx: Ctx, range: { from: string; to: string }) {
  requireUser(ctx);
  return q.activeLeaves(ctx.db, ctx.branchId, range.from, range.to);
}

/** A manager records cuti, sakit or izin of a day with the reason; one active entry per employee and day. */
export async function recordLeave(ctx: Ctx, input: LeaveInput) {
  const u = requireUser(ctx).user;
  // At most a year ahead (issue 25 finding 8: no leave in 2099).
  if (input.date > addDaysTo(await ctx.today(), MAX_DAYS_AHEAD))
    throw badRequest('Tanggal cuti paling jauh 1 tahun (365 hari) ke depan', 'date');
  await requireReference(ctx, EMPLOYEE, [input.employee], 'employee', 'Pegawai tidak ditemukan');
  return inTransaction(ctx, async (tx) => {
    const row = await q.insertLeave(tx.db, {
      profile_id: ctx.branchId,
      user_id: input.employee,
      date: input.date,
      kind: input.kind,
      reason: input.reason,
      created_by: u.id,
    });
    if (!row) throw conflict('Pegawai ini sudah tercatat cuti, sakit atau izin pada tanggal itu', 'date');
    await audit(tx, { action: 'create', entity: 'attendance_leave', entityId: row.id, after: row });
    return { id: row.id, employee: row.user_id, date: row.date, kind: row.kind, reason: row.reason };
  });
}

/** Cancels an entry (kept, with who and when). */
export async function cancelLeave(ctx: Ctx, id: number) {
  const u = requireUser(ctx).user;
  await requireAccess(ctx, LEAVE, [id], 'write');
  return inTransaction(ctx, async (tx) => {
    const row = await q.cancelLeave(tx.db, id, u.id);
    if (!row) throw conflict('Data ini sudah dibatalkan');
    await audit(tx, { action: 'cancel', entity: 'attendance_leave', entityId: id, after: { status: 0 } });
    return { id: row.id, status: row.status };
  });
}

/** Today's date in the current branch (for 'Absensi Saya'). */
export async function branchToday(ctx: Ctx): Promise<string> {
  return ctx.today();
}

/** The signed-in user's own day: their row of the daily attendance and their punches. */
export async function myAttendance(ctx: Ctx, date?: string) {
  const u = requireUser(ctx).user;
  const day = date ?? (await branchToday(ctx));
  const [row] = await daily(ctx, { date: day }, { userId: u.id });
  const offices = (await q.listOffices(ctx.db, branchScope(ctx))).filter((o) => o.status === 1);
  const tz = await q.branchTimezone(ctx.db, ctx.branchId);
  return {
    date: day,
    row: row ?? null,
    /** The server's clock in the branch's zone: punches take this time, never the browser's. */
    server_time: localIso(ctx.now().getTime(), tz),
    /** Web check-in needs the browser's location within an office radius when the branch has an active office. */
    location_required: offices.length > 0,
  };
}
