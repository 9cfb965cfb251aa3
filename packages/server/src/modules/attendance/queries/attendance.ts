import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../../db/client.js';
import {
  applog,
  attendanceLeave,
  attendanceSetting,
  attendanceCorrection,
  checklog,
  department,
  employee,
  office,
  payrollSetting,
  profile,
  roster,
  shift,
  users,
} from '../../../db/schema/index.js';

/**
 * Attendance's SQL (payroll's is in payroll.ts next to this file; index.ts is what the module imports). `branch` null =
 * every branch (top-level users asked for all).
 */

const byBranch = (col: AnyPgColumn, branch: BranchScope): SQL => scopeSql(col, branch);

export async function branchTimezone(db: Db, branch: number): Promise<string> {
  const [r] = await db.select({ tz: profile.timezone }).from(profile).where(eq(profile.id, branch));
  return r?.tz ?? 'Asia/Jakarta';
}

// Departments -----------------------------------------------------------------------------------------------

export function listDepartments(db: Db, branch: BranchScope) {
  return db
    .select({
      id: department.id,
      profile_id: department.profile_id,
      name: department.name,
      status: department.status,
      employees: sql<number>`(select count(*)::int from ${employee} e where e.department_id = ${department.id})`,
    })
    .from(department)
    .where(byBranch(department.profile_id, branch))
    .orderBy(asc(department.name));
}

export async function findDepartment(db: Db, id: number) {
  const [r] = await db.select().from(department).where(eq(department.id, id));
  return r ?? null;
}

export async function departmentNameTaken(db: Db, branch: number, name: string, exceptId?: number) {
  const [r] = await db
    .select({ id: department.id })
    .from(department)
    .where(
      and(
        eq(department.profile_id, branch),
        sql`lower(${department.name}) = lower(${name})`,
        exceptId ? ne(department.id, exceptId) : undefined,
      ),
    );
  return !!r;
}

export async function insertDepartment(db: Db, v: { profile_id: number; name: string; status: number }) {
  const [row] = await db.insert(department).values(v).returning();
  return row;
}

export async function updateDepartment(db: Db, id: number, v: { name: string; status: number }) {
  const [row] = await db
    .update(department)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(department.id, id))
    .returning();
  return row;
}

// Employees -------------------------------------------------------------------------------------------------

const employeeColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  role: users.role,
  roletoplevel: users.roletoplevel,
  status: users.status,
  profile_id: users.profile_id,
  attendance_code: users.attendance_code,
  idcard: users.idcard,
  user_join_at: users.join_at,
  department_id: employee.department_id,
  department: department.name,
  position: employee.position,
  join_date: employee.join_date,
  end_date: employee.end_date,
  employment: employee.employment,
  ptkp: employee.ptkp,
  npwp: employee.npwp,
  nik: employee.nik,
  bpjs_kesehatan: employee.bpjs_kesehatan,
  bpjs_ketenagakerjaan: employee.bpjs_ketenagakerjaan,
  bank_name: employee.bank_name,
  bank_account: employee.bank_account,
  bank_holder: employee.bank_holder,
  base_salary: employee.base_salary,
  has_employment: sql<boolean>`${employee.user_id} is not null`,
};
export type EmployeeRow = {
  [K in keyof typeof employeeColumns]: (typeof employeeColumns)[K] extends { _: { data: infer D } } ? D : unknown;
};

export function listEmployees(
  db: Db,
  branch: BranchScope,
  f: { keyword?: string; department?: number; ids?: number[]; activeOnly?: boolean },
) {
  const kw = f.keyword ? `%${f.keyword.replace(/[%_\\]/g, (c) => '\\' + c)}%` : null;
  return db
    .select(employeeColumns)
    .from(users)
    .leftJoin(employee, eq(employee.user_id, users.id))
    .leftJoin(department, eq(department.id, employee.department_id))
    .where(
      and(
        ne(users.role, 1),
        byBranch(users.profile_id, branch),
        f.department ? eq(employee.department_id, f.department) : undefined,
        f.ids ? inArray(users.id, f.ids.length ? f.ids : [0]) : undefined,
        f.activeOnly ? eq(users.status, 1) : undefined,
        kw
          ? or(ilike(users.name, kw), ilike(users.username, kw), ilike(sql`coalesce(${users.attendance_code}, '')`, kw))
          : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

export async function findStaff(db: Db, id: number) {
  const [r] = await db
    .select({
      id: users.id,
      role: users.role,
      profile_id: users.profile_id,
      name: users.name,
      code: users.attendance_code,
    })
    .from(users)
    .where(and(eq(users.id, id), ne(users.role, 1)));
  return r ?? null;
}

export async function codeOwner(db: Db, branch: number, code: string, exceptUser: number) {
  const [r] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(eq(users.profile_id, branch), ne(users.role, 1), eq(users.attendance_code, code), ne(users.id, exceptUser)),
    );
  return r ?? null;
}

export async function findEmployment(db: Db, userId: number) {
  const [r] = await db.select().from(employee).where(eq(employee.user_id, userId));
  return r ?? null;
}

type EmploymentValues = Omit<typeof employee.$inferInsert, 'user_id' | 'created_at' | 'updated_at'>;

/** Creates or replaces the employment data of a staff member. */
export async function upsertEmployment(db: Db, userId: number, values: EmploymentValues) {
  await db
    .insert(employee)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({
      target: employee.user_id,
      set: { ...values, updated_at: sql`now()` },
    });
}

/** The pay fields of an employment row (salary in sen, bank): only an approved employee.change_pay writes them. */
export async function updateEmploymentPay(
  db: Db,
  userId: number,
  pay: Partial<Pick<EmploymentValues, 'base_salary' | 'bank_name' | 'bank_account' | 'bank_holder'>>,
) {
  const rows = await db
    .update(employee)
    .set({ ...pay, updated_at: sql`now()` })
    .where(eq(employee.user_id, userId))
    .returning({ user_id: employee.user_id });
  return rows.length > 0;
}

/** Pay-change requests about one employee (any status), newest first, for 'Gaji Saya'. */
export function payRequestsOf(db: Db, userId: number) {
  return db
    .select({
      id: applog.id,
      logtime: applog.logtime,
      status: applog.status,
      reason: applog.reason,
      payload: applog.payload,
      decided_at: applog.decided_at,
      requested_by: users.name,
    })
    .from(applog)
    .innerJoin(users, eq(users.id, applog.user_id))
    .where(
      and(eq(applog.kind, 'request'), eq(applog.action, 'employee.change_pay'), eq(applog.subject_user_id, userId)),
    )
    .orderBy(desc(applog.id))
    .limit(20);
}

export async function attendanceCodeOf(db: Db, userId: number) {
  const [r] = await db.select({ code: users.attendance_code }).from(users).where(eq(users.id, userId));
  return r?.code ?? null;
}

/** Which of these ids are staff (not patients) of the branch. */
export function staffOfBranch(db: Db, branch: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.profile_id, branch), sql`${users.role} <> 1`));
}

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

// Punches ---------------------------------------------------------------------------------------------------

export function staffCodes(db: Db, branch: number, codes: string[]) {
  return db
    .select({ id: users.id, code: users.attendance_code })
    .from(users)
    .where(
      and(eq(users.profile_id, branch), ne(users.role, 1), inArray(users.attendance_code, codes.length ? codes : [''])),
    );
}

/** Inserts device punches; an identical punch (branch, code, instant) already stored is skipped. Returns how many went in. */
export async function insertDevicePunches(
  db: Db,
  rows: { profile_id: number; user_id: number | null; code: string; punch_at: string; state: number; by: number }[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = sql.join(
      chunk.map(
        (r) =>
          sql`(${r.profile_id}, ${r.user_id}, ${r.code}, ${r.punch_at}::timestamptz, ${r.state}, 'device', ${r.by})`,
      ),
      sql`, `,
    );
    const out = await queryRows<{ id: number }>(
      db,
      sql`insert into ${checklog} (profile_id, user_id, attendance_code, punch_at, state, source, created_by)
          values ${values}
          on conflict (profile_id, attendance_code, punch_at) where source = 'device' do nothing
          returning id`,
    );
    inserted += out.length;
  }
  return inserted;
}

export async function insertWebPunch(
  db: Db,
  r: {
    profile_id: number;
    user_id: number;
    code: string | null;
    state: number;
    latitude: number | null;
    longitude: number | null;
  },
) {
  const [row] = await db
    .insert(checklog)
    .values({
      profile_id: r.profile_id,
      user_id: r.user_id,
      attendance_code: r.code,
      punch_at: sql`now()`,
      state: r.state,
      source: 'web',
      latitude: r.latitude,
      longitude: r.longitude,
      created_by: r.user_id,
    })
    .returning({ id: checklog.id, punch_at: checklog.punch_at, state: checklog.state });
  return row;
}

/** Punches of some employees (by user id, or by their code when the punch came in before the code was known). */
export function punchesOf(
  db: Db,
  branch: number,
  people: { id: number; code: string | null }[],
  fromIso: string,
  toIso: string,
) {
  const ids = people.map((p) => p.id);
  const codes = people.map((p) => p.code).filter((c): c is string => !!c);
  return db
    .select({
      user_id: checklog.user_id,
      code: checklog.attendance_code,
      punch_at: checklog.punch_at,
      state: checklog.state,
      source: checklog.source,
    })
    .from(checklog)
    .where(
      and(
        eq(checklog.profile_id, branch),
        gte(checklog.punch_at, fromIso),
        lt(checklog.punch_at, toIso),
        or(
          inArray(checklog.user_id, ids.length ? ids : [0]),
          and(sql`${checklog.user_id} is null`, inArray(checklog.attendance_code, codes.length ? codes : [''])),
        ),
      ),
    )
    .orderBy(asc(checklog.punch_at));
}

export async function listChecklog(
  db: Db,
  branch: BranchScope,
  f: { fromIso: string; toIso: string; keyword?: string; page: number; limit: number },
) {
  const kw = f.keyword ? `%${f.keyword.replace(/[%_\\]/g, (c) => '\\' + c)}%` : null;
  const where = and(
    byBranch(checklog.profile_id, branch),
    gte(checklog.punch_at, f.fromIso),
    lt(checklog.punch_at, f.toIso),
    kw ? or(ilike(users.name, kw), ilike(sql`coalesce(${checklog.attendance_code}, '')`, kw)) : undefined,
  );
  const rows = await db
    .select({
      id: checklog.id,
      profile_id: checklog.profile_id,
      branch: profile.name,
      timezone: profile.timezone,
      user_id: checklog.user_id,
      name: users.name,
      attendance_code: checklog.attendance_code,
      punch_at: checklog.punch_at,
      state: checklog.state,
      source: checklog.source,
      latitude: checklog.latitude,
      longitude: checklog.longitude,
    })
    .from(checklog)
    .innerJoin(profile, eq(profile.id, checklog.profile_id))
    .leftJoin(users, eq(users.id, checklog.user_id))
    .where(where)
    .orderBy(desc(checklog.punch_at), desc(checklog.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [c] = await db
    .select({ n: count() })
    .from(checklog)
    .leftJoin(users, eq(users.id, checklog.user_id))
    .where(where);
  return { rows, count: Number(c?.n ?? 0) };
}

// Settings --------------------------------------------------------------------------------------------------

export function payrollSettings(db: Db) {
  return db.select().from(payrollSetting).orderBy(asc(payrollSetting.key), asc(payrollSetting.berlaku_mulai));
}

/** Letterhead of a payslip: the branch's name, address and phone. */
export async function branchLetterhead(db: Db, branch: number) {
  const [r] = await db
    .select({ name: profile.name, address: profile.address, phone: profile.phone, timezone: profile.timezone })
    .from(profile)
    .where(eq(profile.id, branch));
  return r ?? null;
}

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
