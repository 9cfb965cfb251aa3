import { and, asc, count, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import type { Db } from '../../db/client.js';
import { doctorPractice, doctorSchedule, profile, scheduleClosed, users } from '../../db/schema/index.js';
import { likeOf } from '../../db/like.js';

/** The doctors module's only SQL (issue 11 item 1). Every query takes the branch it is scoped to. */
export type PracticeRow = typeof doctorPractice.$inferSelect;
export type ScheduleRow = typeof doctorSchedule.$inferSelect;
export type ClosedRow = typeof scheduleClosed.$inferSelect;

const practiceCols = {
  id: doctorPractice.id,
  profile_id: doctorPractice.profile_id,
  doctor_id: doctorPractice.doctor_id,
  sip_number: doctorPractice.sip_number,
  specialization: doctorPractice.specialization,
  status: doctorPractice.status,
  doctor_name: users.name,
  doctor_username: users.username,
  doctor_phone: users.phone,
  home_branch: profile.name,
};
export type PracticeListRow = { [K in keyof typeof practiceCols]: (typeof practiceCols)[K]['_']['data'] };

export async function listPractices(
  db: Db,
  f: { scope: BranchScope; keyword?: string; status?: number; limit: number; offset: number },
): Promise<{ rows: PracticeListRow[]; count: number }> {
  const w: SQL[] = [scopeSql(doctorPractice.profile_id, f.scope)];
  if (f.keyword)
    w.push(sql`(lower(${users.name}) like ${likeOf(f.keyword)} or lower(${users.username}) like ${likeOf(f.keyword)})`);
  if (f.status !== undefined) w.push(eq(doctorPractice.status, f.status));
  const where = and(...w);
  const base = () =>
    db
      .select(practiceCols)
      .from(doctorPractice)
      .innerJoin(users, eq(users.id, doctorPractice.doctor_id))
      .innerJoin(profile, eq(profile.id, users.profile_id));
  const [rows, [total]] = await Promise.all([
    base().where(where).orderBy(asc(users.name), asc(doctorPractice.id)).limit(f.limit).offset(f.offset),
    db
      .select({ n: count() })
      .from(doctorPractice)
      .innerJoin(users, eq(users.id, doctorPractice.doctor_id))
      .where(where),
  ]);
  return { rows: rows as PracticeListRow[], count: Number(total?.n ?? 0) };
}

export async function findPractice(db: Db, id: number): Promise<PracticeRow | undefined> {
  const [row] = await db.select().from(doctorPractice).where(eq(doctorPractice.id, id));
  return row;
}

export async function findPracticeOf(db: Db, profileId: number, doctorId: number): Promise<PracticeRow | undefined> {
  const [row] = await db
    .select()
    .from(doctorPractice)
    .where(and(eq(doctorPractice.profile_id, profileId), eq(doctorPractice.doctor_id, doctorId)));
  return row;
}

/** A doctor account (role 2, active) of any branch: who a manager may add to the branch's practice. */
export async function findDoctorAccount(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 2), eq(users.status, 1)));
  return row;
}

/** Active doctor accounts of every branch by name or username, with their home branch and whether they practise here. */
export async function searchDoctorAccounts(db: Db, profileId: number, keyword: string | undefined, limit = 20) {
  const w: SQL[] = [eq(users.role, 2), eq(users.status, 1)];
  if (keyword)
    w.push(sql`(lower(${users.name}) like ${likeOf(keyword)} or lower(${users.username}) like ${likeOf(keyword)})`);
  return db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      home_branch: profile.name,
      practising: sql<boolean>`exists (select 1 from doctor_practice p where p.doctor_id = ${users.id} and p.profile_id = ${profileId})`,
    })
    .from(users)
    .innerJoin(profile, eq(profile.id, users.profile_id))
    .where(and(...w))
    .orderBy(asc(users.name))
    .limit(limit);
}

export async function insertPractice(db: Db, v: typeof doctorPractice.$inferInsert): Promise<PracticeRow> {
  const [row] = await db.insert(doctorPractice).values(v).returning();
  return row;
}
export async function updatePractice(db: Db, id: number, v: Partial<typeof doctorPractice.$inferInsert>) {
  const [row] = await db
    .update(doctorPractice)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(doctorPractice.id, id))
    .returning();
  return row;
}

export async function listSchedules(
  db: Db,
  scope: BranchScope,
  doctorId?: number,
): Promise<(ScheduleRow & { doctor_name: string })[]> {
  const w: SQL[] = [scopeSql(doctorSchedule.profile_id, scope)];
  if (doctorId) w.push(eq(doctorSchedule.doctor_id, doctorId));
  const rows = await db
    .select({ s: doctorSchedule, doctor_name: users.name })
    .from(doctorSchedule)
    .innerJoin(users, eq(users.id, doctorSchedule.doctor_id))
    .where(and(...w))
    .orderBy(asc(users.name), asc(doctorSchedule.day_of_week), asc(doctorSchedule.start_time));
  return rows.map((r) => ({ ...r.s, doctor_name: r.doctor_name }));
}
export async function findSchedule(db: Db, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(doctorSchedule).where(eq(doctorSchedule.id, id));
  return row;
}
export async function insertSchedule(db: Db, v: typeof doctorSchedule.$inferInsert): Promise<ScheduleRow> {
  const [row] = await db.insert(doctorSchedule).values(v).returning();
  return row;
}
export async function updateSchedule(db: Db, id: number, v: Partial<typeof doctorSchedule.$inferInsert>) {
  const [row] = await db
    .update(doctorSchedule)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(doctorSchedule.id, id))
    .returning();
  return row;
}
/** Active blocks of the same doctor, branch and day overlapping [start, end) (another block than `except`). */
export async function overlappingSchedule(
  db: Db,
  v: { profileId: number; doctorId: number; day: number; start: string; end: string; except?: number },
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(doctorSchedule)
    .where(
      and(
        eq(doctorSchedule.profile_id, v.profileId),
        eq(doctorSchedule.doctor_id, v.doctorId),
        eq(doctorSchedule.day_of_week, v.day),
        eq(doctorSchedule.status, 1),
        sql`${doctorSchedule.start_time} < ${v.end}::time and ${doctorSchedule.end_time} > ${v.start}::time`,
        v.except ? sql`${doctorSchedule.id} <> ${v.except}` : sql`true`,
      ),
    );
  return row;
}

export async function listClosed(db: Db, scope: BranchScope, from: string) {
  return db
    .select({
      id: scheduleClosed.id,
      doctor_id: scheduleClosed.doctor_id,
      doctor_name: users.name,
      date: scheduleClosed.date,
      reason: scheduleClosed.reason,
      status: scheduleClosed.status,
    })
    .from(scheduleClosed)
    .leftJoin(users, eq(users.id, scheduleClosed.doctor_id))
    .where(
      and(scopeSql(scheduleClosed.profile_id, scope), eq(scheduleClosed.status, 1), gte(scheduleClosed.date, from)),
    )
    .orderBy(asc(scheduleClosed.date), asc(scheduleClosed.id));
}
export async function findClosed(db: Db, id: number): Promise<ClosedRow | undefined> {
  const [row] = await db.select().from(scheduleClosed).where(eq(scheduleClosed.id, id));
  return row;
}
export async function insertClosed(db: Db, v: typeof scheduleClosed.$inferInsert): Promise<ClosedRow> {
  const [row] = await db.insert(scheduleClosed).values(v).returning();
  return row;
}
export async function hideClosed(db: Db, id: number) {
  const [row] = await db
    .update(scheduleClosed)
    .set({ status: 0, updated_at: sql`now()` })
    .where(eq(scheduleClosed.id, id))
    .returning();
  return row;
}

// ------------------------------------------------------------------------------------------ what reservations use

/** Active schedule blocks of a doctor in a branch on a day of week. */
export async function schedulesOn(db: Db, profileId: number, doctorId: number | undefined, day: number) {
  const w: SQL[] = [
    eq(doctorSchedule.profile_id, profileId),
    eq(doctorSchedule.day_of_week, day),
    eq(doctorSchedule.status, 1),
    sql`exists (select 1 from doctor_practice p where p.profile_id = ${doctorSchedule.profile_id} and p.doctor_id = ${doctorSchedule.doctor_id} and p.status = 1)`,
  ];
  if (doctorId) w.push(eq(doctorSchedule.doctor_id, doctorId));
  return db
    .select({ s: doctorSchedule, doctor_name: users.name })
    .from(doctorSchedule)
    .innerJoin(users, eq(users.id, doctorSchedule.doctor_id))
    .where(and(...w))
    .orderBy(asc(users.name), asc(doctorSchedule.start_time));
}

/** The closure of a date for a doctor (their day off or the whole branch closed), if any. */
export async function closureOn(
  db: Db,
  profileId: number,
  doctorId: number,
  date: string,
): Promise<ClosedRow | undefined> {
  const [row] = await db
    .select()
    .from(scheduleClosed)
    .where(
      and(
        eq(scheduleClosed.profile_id, profileId),
        eq(scheduleClosed.date, date),
        eq(scheduleClosed.status, 1),
        or(isNull(scheduleClosed.doctor_id), eq(scheduleClosed.doctor_id, doctorId)),
      ),
    )
    .limit(1);
  return row;
}

/** Closures of a branch between two dates (both ends included). */
export async function closuresBetween(db: Db, profileId: number, from: string, to: string): Promise<ClosedRow[]> {
  return db
    .select()
    .from(scheduleClosed)
    .where(
      and(
        eq(scheduleClosed.profile_id, profileId),
        eq(scheduleClosed.status, 1),
        sql`${scheduleClosed.date} between ${from} and ${to}`,
      ),
    );
}

/** Practising doctors of a branch by name (the booking form's doctor search). */
export async function searchPractising(db: Db, profileId: number, keyword: string | undefined, limit = 20) {
  const w: SQL[] = [eq(doctorPractice.profile_id, profileId), eq(doctorPractice.status, 1), eq(users.status, 1)];
  if (keyword) w.push(sql`lower(${users.name}) like ${likeOf(keyword)}`);
  return db
    .select({ id: users.id, name: users.name, specialization: doctorPractice.specialization })
    .from(doctorPractice)
    .innerJoin(users, eq(users.id, doctorPractice.doctor_id))
    .where(and(...w))
    .orderBy(asc(users.name))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------- stakeholder lists

export async function listStaff(
  db: Db,
  f: { scope: BranchScope; doctors: boolean; keyword?: string; limit: number; offset: number },
) {
  const w: SQL[] = [f.doctors ? eq(users.role, 2) : sql`${users.role} not in (1, 2)`];
  if (f.doctors) {
    // Doctors of the branch: its own doctor accounts and those practising here.
    w.push(
      sql`(${scopeSql(users.profile_id, f.scope)} or exists (select 1 from doctor_practice p where p.doctor_id = ${users.id} and ${scopeSql(sql`p.profile_id`, f.scope)}))`,
    );
  } else w.push(scopeSql(users.profile_id, f.scope));
  w.push(sql`${users.roletoplevel} = 0`);
  if (f.keyword)
    w.push(
      sql`(lower(${users.name}) like ${likeOf(f.keyword)} or lower(${users.username}) like ${likeOf(f.keyword)} or coalesce(${users.phone}, '') like ${likeOf(f.keyword)})`,
    );
  const where = and(...w);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        role: users.role,
        status: users.status,
        gender: users.gender,
        phone: users.phone,
        email: users.email,
        join_at: users.join_at,
        branch: profile.name,
        sip_number: sql<
          string | null
        >`(select string_agg(p.sip_number, ', ') from doctor_practice p where p.doctor_id = ${users.id} and p.sip_number is not null)`,
        specialization: sql<
          string | null
        >`(select string_agg(distinct p.specialization, ', ') from doctor_practice p where p.doctor_id = ${users.id})`,
      })
      .from(users)
      .innerJoin(profile, eq(profile.id, users.profile_id))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}
