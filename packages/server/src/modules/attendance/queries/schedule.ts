/** Attendance SQL: shifts, the roster and offices. */
import { type BranchScope } from '../../../http/access-scope.js';
import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { type Db } from '../../../db/client.js';
import { office, profile, roster, shift } from '../../../db/schema/index.js';
import { byBranch } from './scope.js';

// Shifts, roster, offices -----------------------------------------------------------------------------------

export function listShifts(db: Db, branch: BranchScope) {
  return db
    .select({
      id: shift.id,
      profile_id: shift.profile_id,
      branch: profile.name,
      name: shift.name,
      start_time: shift.start_time,
      end_time: shift.end_time,
      break_minutes: shift.break_minutes,
      crosses_midnight: shift.crosses_midnight,
      late_tolerance: shift.late_tolerance,
      status: shift.status,
    })
    .from(shift)
    .innerJoin(profile, eq(profile.id, shift.profile_id))
    .where(byBranch(shift.profile_id, branch))
    .orderBy(asc(profile.name), asc(shift.start_time), asc(shift.name));
}

export async function findShift(db: Db, id: number) {
  const [r] = await db.select().from(shift).where(eq(shift.id, id));
  return r ?? null;
}

export async function shiftNameTaken(db: Db, branch: number, name: string, exceptId?: number) {
  const [r] = await db
    .select({ id: shift.id })
    .from(shift)
    .where(
      and(
        eq(shift.profile_id, branch),
        sql`lower(${shift.name}) = lower(${name})`,
        exceptId ? ne(shift.id, exceptId) : undefined,
      ),
    );
  return !!r;
}

type ShiftValues = Omit<typeof shift.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export async function insertShift(db: Db, v: ShiftValues) {
  const [row] = await db.insert(shift).values(v).returning();
  return row;
}

export async function updateShift(db: Db, id: number, v: ShiftValues) {
  const [row] = await db
    .update(shift)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(shift.id, id))
    .returning();
  return row;
}

/** Which of these shift ids are active shifts of the branch. */
export function activeShiftsOfBranch(db: Db, branch: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: shift.id })
    .from(shift)
    .where(and(inArray(shift.id, ids), eq(shift.profile_id, branch), eq(shift.status, 1)));
}

export async function clearRosterDay(db: Db, userId: number, date: string) {
  await db.delete(roster).where(and(eq(roster.user_id, userId), eq(roster.date, date)));
}

export async function setRosterDay(
  db: Db,
  v: { user_id: number; date: string; profile_id: number; shift_id: number; updated_by: number },
) {
  await db
    .insert(roster)
    .values(v)
    .onConflictDoUpdate({
      target: [roster.user_id, roster.date],
      set: { shift_id: v.shift_id, updated_by: v.updated_by, updated_at: sql`now()` },
    });
}

/** Removes the branch's roster from `from` to `to` (both included). */
export async function clearRosterRange(db: Db, branch: number, from: string, to: string) {
  await db
    .delete(roster)
    .where(and(eq(roster.profile_id, branch), gte(roster.date, from), sql`${roster.date} <= ${to}`));
}

export async function insertRosterDays(
  db: Db,
  rows: { user_id: number; date: string; profile_id: number; shift_id: number; updated_by: number }[],
) {
  if (rows.length) await db.insert(roster).values(rows);
}

export function rosterRange(db: Db, branch: number, from: string, to: string, userIds?: number[]) {
  return db
    .select({
      employee: roster.user_id,
      date: roster.date,
      shift: roster.shift_id,
      shift_name: shift.name,
      start_time: shift.start_time,
      end_time: shift.end_time,
      crosses_midnight: shift.crosses_midnight,
      late_tolerance: shift.late_tolerance,
      break_minutes: shift.break_minutes,
    })
    .from(roster)
    .innerJoin(shift, eq(shift.id, roster.shift_id))
    .where(
      and(
        eq(roster.profile_id, branch),
        gte(roster.date, from),
        sql`${roster.date} <= ${to}`,
        userIds ? inArray(roster.user_id, userIds.length ? userIds : [0]) : undefined,
      ),
    )
    .orderBy(asc(roster.date), asc(roster.user_id));
}

export function listOffices(db: Db, branch: BranchScope) {
  return db
    .select({
      id: office.id,
      profile_id: office.profile_id,
      branch: profile.name,
      name: office.name,
      latitude: office.latitude,
      longitude: office.longitude,
      radius: office.radius,
      status: office.status,
    })
    .from(office)
    .innerJoin(profile, eq(profile.id, office.profile_id))
    .where(byBranch(office.profile_id, branch))
    .orderBy(asc(profile.name), asc(office.name));
}

export async function findOffice(db: Db, id: number) {
  const [r] = await db.select().from(office).where(eq(office.id, id));
  return r ?? null;
}

type OfficeValues = Omit<typeof office.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export async function insertOffice(db: Db, v: OfficeValues) {
  const [row] = await db.insert(office).values(v).returning();
  return row;
}

export async function updateOffice(db: Db, id: number, v: OfficeValues) {
  const [row] = await db
    .update(office)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(office.id, id))
    .returning();
  return row;
}
