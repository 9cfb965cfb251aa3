import { type BranchScope } from '../../../http/access-scope.js';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { type Db } from '../../../db/client.js';
import { applog, department, employee, profile, users } from '../../../db/schema/index.js';
import { byBranch } from './scope.js';
import { containing } from '../../../db/like.js';

/**
 * Attendance's SQL (payroll's is in payroll.ts next to this file; index.ts is what the module imports). `branch` null =
 * every branch (top-level users asked for all).
 */

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
  const kw = f.keyword ? containing(f.keyword) : null;
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
