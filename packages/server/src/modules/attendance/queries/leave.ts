/** Attendance SQL: leave, approved daily corrections, tax identities and the attendance settings. */
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Db } from '../../../db/client.js';
import { attendanceLeave, attendanceSetting, attendanceCorrection, employee, users } from '../../../db/schema/index.js';

// Leave, sick, permitted absence ----------------------------------------------------------------------------

export function activeLeaves(db: Db, branch: number, from: string, to: string, userIds?: number[]) {
  return db
    .select({
      id: attendanceLeave.id,
      employee: attendanceLeave.user_id,
      name: users.name,
      date: attendanceLeave.date,
      kind: attendanceLeave.kind,
      reason: attendanceLeave.reason,
    })
    .from(attendanceLeave)
    .innerJoin(users, eq(users.id, attendanceLeave.user_id))
    .where(
      and(
        eq(attendanceLeave.profile_id, branch),
        eq(attendanceLeave.status, 1),
        gte(attendanceLeave.date, from),
        sql`${attendanceLeave.date} <= ${to}`,
        userIds ? inArray(attendanceLeave.user_id, userIds.length ? userIds : [0]) : undefined,
      ),
    )
    .orderBy(asc(attendanceLeave.date), asc(users.name));
}

export async function insertLeave(
  db: Db,
  v: { profile_id: number; user_id: number; date: string; kind: string; reason: string; created_by: number },
) {
  const [row] = await db.insert(attendanceLeave).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

export async function cancelLeave(db: Db, id: number, by: number) {
  const [row] = await db
    .update(attendanceLeave)
    .set({ status: 0, cancelled_by: by, cancelled_at: sql`now()` })
    .where(and(eq(attendanceLeave.id, id), eq(attendanceLeave.status, 1)))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Daily attendance corrections (approved)
// ---------------------------------------------------------------------------------------------------------------

export type CorrectionRow = typeof attendanceCorrection.$inferSelect;

export async function staffName(db: Db, id: number) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row;
}

export async function insertCorrection(db: Db, values: typeof attendanceCorrection.$inferInsert) {
  const [row] = await db.insert(attendanceCorrection).values(values).returning();
  return row;
}

/** Corrections of a day, newest first. */
export function correctionsOfDay(db: Db, branch: number, date: string, ids: number[]) {
  return db
    .select()
    .from(attendanceCorrection)
    .where(
      and(
        eq(attendanceCorrection.profile_id, branch),
        eq(attendanceCorrection.date, date),
        inArray(attendanceCorrection.user_id, ids),
      ),
    )
    .orderBy(desc(attendanceCorrection.id));
}

/** Tax identities of a run's employees (e-Bupot export): NPWP, NIK, position, address. */
export function taxIdentities(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      user_id: employee.user_id,
      npwp: employee.npwp,
      nik: employee.nik,
      position: employee.position,
      address: users.address,
    })
    .from(employee)
    .innerJoin(users, eq(users.id, employee.user_id))
    .where(inArray(employee.user_id, userIds));
}

// Attendance settings (issue 25 finding 7) ---------------------------------------------------------------------

export async function punchImportMaxDays(db: Db, branch: number): Promise<number | undefined> {
  const [r] = await db
    .select({ d: attendanceSetting.punch_import_max_days })
    .from(attendanceSetting)
    .where(eq(attendanceSetting.profile_id, branch));
  return r?.d;
}

export async function setPunchImportMaxDays(db: Db, branch: number, days: number, by: number): Promise<void> {
  await db
    .insert(attendanceSetting)
    .values({ profile_id: branch, punch_import_max_days: days, updated_by: by })
    .onConflictDoUpdate({
      target: attendanceSetting.profile_id,
      set: { punch_import_max_days: days, updated_by: by, updated_at: sql`now()` },
    });
}
