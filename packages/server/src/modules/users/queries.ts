import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ageOn,
  GENDER_LABELS,
  MARITAL_LABELS,
  roleNameOf,
  todayIn,
  topLevelNameOf,
  type Privilege,
  type UserDto,
  type PatientDuplicateDto,
} from '@klinik/shared';
import { queryRows, type Db } from '../../db/client.js';
import { membershipLevel, patientMerge, userPrivilege, users } from '../../db/schema/index.js';
import { containing, escapeLike } from '../../db/like.js';
import { cappedCount } from '../../db/count.js';

export type UserRow = typeof users.$inferSelect;

export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

/** `today` (YYYY-MM-DD, for the age): a list computes it once for all its rows. */
export function toUserDto(
  r: UserRow,
  level?: { name: string; status: number } | null,
  today: string = todayIn('Asia/Jakarta'),
): UserDto {
  return {
    id: r.id,
    role: r.role,
    rolename: roleNameOf(r.role) ?? '',
    username: r.username,
    name: r.name,
    medisname: r.medisname,
    initial: r.initial,
    avatar: r.avatar,
    avatarurl: r.avatar ? `/api/files/users/${r.id}/avatar?v=${encodeURIComponent(r.updated_at)}` : null,
    status: r.status,
    gender: r.gender,
    gendername: r.gender === null ? null : (GENDER_LABELS[r.gender] ?? null),
    marital: r.marital,
    maritalname: r.marital === null ? null : (MARITAL_LABELS[r.marital] ?? null),
    birth_place: r.birth_place,
    birth_date: r.birth_date,
    old: r.birth_date ? ageOn(r.birth_date, today) : null,
    join_at: r.join_at,
    idcard: r.idcard,
    ihs_number: r.ihs_number,
    attendance_code: r.attendance_code,
    phone: r.phone,
    email: r.email,
    instagram: r.instagram,
    address: r.address,
    desa: r.desa,
    kecamatan: r.kecamatan,
    city: r.city,
    provincy: r.provincy,
    postalcode: r.postalcode,
    note: r.note,
    membershipleveldata: level && level.status === 1 ? { name: level.name } : null,
    wali_name: r.wali_name,
    wali_idcard: r.wali_idcard,
    wali_gender: r.wali_gender,
    wali_phone: r.wali_phone,
    wali_email: r.wali_email,
    wali_address: r.wali_address,
    profile_id: r.profile_id,
    roletoplevel: r.roletoplevel,
    roletoplevelname: topLevelNameOf(r.roletoplevel) ?? '',
    merged_into: r.merged_into,
  };
}

export async function findUser(db: Db, id: number) {
  const [row] = await db
    .select({ user: users, level: { name: membershipLevel.name, status: membershipLevel.status } })
    .from(users)
    .leftJoin(membershipLevel, eq(membershipLevel.id, users.membership_level_id))
    .where(eq(users.id, id));
  return row;
}

export interface UserFilter {
  scope: BranchScope;
  role?: number;
  /** Restrict to staff (role != 1). */
  staffOnly?: boolean;
  status?: number;
  keyword?: string;
  limit: number;
  offset: number;
}

/**
 * The keyword condition (name, NO RM / username, phone, NIK), shaped so that an index serves every form
 * (drizzle/0011_patient_search_indexes.sql): a whole NO RM is an equality on the unique lower(username) index, a
 * 16-digit NIK an equality on idcard (or the normalised phone), anything else a substring on the four columns, each
 * with its trigram index; a keyword that looks like a phone number also matches phones by their normalised digits
 * (0812-3456-7890, +62 812 3456 7890 and 081234567890 are the same number).
 */
export function keywordWhere(keyword: string): SQL {
  const k = keyword.trim().toLowerCase();
  // A merged patient's NO RM finds the patient it was merged into (issue 26): the old number on a card still works.
  if (/^rm\d{8}$/.test(k))
    return sql`(lower(${users.username}) = ${k} or ${users.id} = (select m.merged_into from ${users} m where lower(m.username) = ${k}))`;
  if (/^\d{16}$/.test(k)) return sql`(${users.idcard} = ${k} or klinik_phone_norm(${users.phone}) = ${k})`;
  const like = containing(k);
  const arms = [sql`lower(${users.name}) like ${like}`, sql`lower(${users.username}) like ${like}`];
  // A phone number or NIK holds no letters (PHONE_PATTERN, NIK_PATTERN), so a keyword with one cannot match them:
  // leaving those arms out spares the planner two index scans and each candidate row two comparisons.
  if (!/\p{L}/u.test(k)) arms.push(sql`${users.phone} like ${like}`, sql`${users.idcard} like ${like}`);
  if (/^[\d\s()+.-]+$/.test(k)) {
    const digits = k.replace(/\D/g, '').replace(/^62/, '0');
    if (digits.length >= 6) arms.push(sql`klinik_phone_norm(${users.phone}) like ${digits + '%'}`);
  }
  return sql`(${sql.join(arms, sql` or `)})`;
}

/**
 * The order of a keyword's matches (issue 26 item 1: the patient picked is the patient typed): the person whose whole
 * NO RM. or NIK is the keyword first, then names starting with it, then the rest; name and id order within each.
 */
export function keywordRank(keyword: string | undefined): SQL[] {
  const k = keyword?.trim().toLowerCase();
  if (!k) return [];
  const prefix = `${escapeLike(k)}%`;
  return [
    sql`case when lower(${users.username}) = ${k} or ${users.idcard} = ${k} then 0
      when lower(${users.name}) like ${prefix} then 1 else 2 end`,
  ];
}

function whereOf(f: UserFilter): SQL | undefined {
  const where: SQL[] = [];
  where.push(scopeSql(users.profile_id, f.scope));
  if (f.role !== undefined) where.push(eq(users.role, f.role));
  if (f.staffOnly) where.push(sql`${users.role} <> 1`);
  // A merged patient is kept (history) but is no longer a patient of its own: lists and searches show the survivor.
  where.push(sql`${users.merged_into} is null`);
  if (f.status !== undefined) where.push(eq(users.status, f.status));
  if (f.keyword?.trim()) where.push(keywordWhere(f.keyword));
  return where.length ? and(...where) : undefined;
}

/**
 * One page of users and the envelope's count in one statement (issue 10: one round trip instead of two; the count
 * is an uncorrelated subquery PostgreSQL runs once). The count is exact up to the page's offset plus
 * `LIST_COUNT_CAP`, past it that plus one, read as "more than" (issue 33: a branch's patient list counted its every
 * patient on each page, about 20 000 blocks at a million patients; a keyword search counts the same way). Only a page
 * past the end (no rows to carry the count) asks for the count again on its own.
 */
export async function listUsers(db: Db, f: UserFilter) {
  const where = whereOf(f);
  const countOf = (w: SQL | undefined) => cappedCount(sql`select 1 from ${users} where ${w}`, f.offset);
  const rows = await db
    .select({
      user: users,
      level: { name: membershipLevel.name, status: membershipLevel.status },
      total: countOf(where),
    })
    .from(users)
    .leftJoin(membershipLevel, eq(membershipLevel.id, users.membership_level_id))
    .where(where)
    .orderBy(...keywordRank(f.keyword), asc(users.name), asc(users.id))
    .limit(f.limit)
    .offset(f.offset);
  if (rows.length) return { rows, count: Number(rows[0].total) };
  const [total] = await queryRows<{ n: number }>(db, sql`select ${countOf(where)} as n`);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function replacePrivileges(db: Db, userId: number, privileges: Privilege[]): Promise<void> {
  await db.delete(userPrivilege).where(eq(userPrivilege.user_id, userId));
  if (privileges.length) {
    await db.insert(userPrivilege).values(privileges.map((p) => ({ user_id: userId, ...p })));
  }
}

export async function lockUserRow(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return !!row;
}

/** Patients and/or employees of a branch matching a keyword (name, NO RM / username, phone, NIK). */
export async function searchPeople(
  db: Db,
  f: { scope: BranchScope; type?: 'patient' | 'employee'; keyword?: string; limit: number },
) {
  const where = whereOf({
    scope: f.scope,
    role: f.type === 'patient' ? 1 : undefined,
    staffOnly: f.type === 'employee',
    keyword: f.keyword,
    limit: f.limit,
    offset: 0,
  });
  return db
    .select()
    .from(users)
    .where(where)
    .orderBy(...keywordRank(f.keyword), asc(users.name), asc(users.id))
    .limit(f.limit);
}

/** A staff member's code on the attendance devices (the attendance module sets it through the users front door). */
export async function setAttendanceCode(db: Db, userId: number, code: string | null): Promise<void> {
  await db.update(users).set({ attendance_code: code }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------------------------------------------------------
// Issue 26 item 3: likely duplicates and merges of patients.
// ---------------------------------------------------------------------------------------------------------------

export interface DuplicateFilter {
  scope: BranchScope;
  idcard?: string;
  /** normalizePersonName(name) */
  nameNorm?: string;
  birth_date?: string;
  phone?: string;
  exclude?: number;
  limit: number;
}

/** A candidate as read: the API's PatientDuplicateDto with each reason as a flag. */
export interface DuplicateRow extends Omit<PatientDuplicateDto, 'reasons'> {
  nik: boolean;
  name_birth_date: boolean;
  name_phone: boolean;
}

/**
 * Patients of the scope (not merged) with the same NIK, or the same normalised name and the same birth date or
 * phone (digits compared as klinik_phone_norm does). Served by users_patient_idcard_idx and
 * users_patient_name_norm_idx (custom migration of issue 26).
 */
export async function findDuplicates(db: Db, f: DuplicateFilter): Promise<DuplicateRow[]> {
  const nik = f.idcard ? sql`${users.idcard} = ${f.idcard}` : sql`false`;
  const sameName = f.nameNorm ? sql`klinik_name_norm(${users.name}) = ${f.nameNorm}` : sql`false`;
  const birth = f.nameNorm && f.birth_date ? sql`(${sameName} and ${users.birth_date} = ${f.birth_date})` : sql`false`;
  const phone =
    f.nameNorm && f.phone
      ? sql`(${sameName} and klinik_phone_norm(${users.phone}) = klinik_phone_norm(${f.phone}))`
      : sql`false`;
  return queryRows<DuplicateRow>(
    db,
    sql`select ${users.id} as id, ${users.username} as username, ${users.name} as name,
               ${users.birth_date}::text as birth_date, ${users.phone} as phone, ${users.idcard} as idcard,
               ${users.status}::int as status, ${nik} as nik, ${birth} as name_birth_date, ${phone} as name_phone
          from ${users}
         where ${scopeSql(users.profile_id, f.scope)} and ${users.role} = 1 and ${users.merged_into} is null
           and ${f.exclude ? sql`${users.id} <> ${f.exclude}` : sql`true`}
           and (${nik} or ${birth} or ${phone})
         order by nik desc, name, id
         limit ${f.limit}`,
  );
}

/** Both patients of a merge, locked (in id order, so two merges of the same pair cannot deadlock). */
export async function lockPatients(db: Db, ids: number[]): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      sql`${users.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(users.id))
    .for('update');
}

/** Re-points one patient column from the merged patient to the survivor; the ids of the rows moved. */
export async function repointPatientColumn(
  db: Db,
  table: string,
  column: string,
  from: number,
  to: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${to}
         where ${sql.identifier(column)} = ${from} returning id`,
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export async function insertMerge(db: Db, values: typeof patientMerge.$inferInsert) {
  const [row] = await db.insert(patientMerge).values(values).returning();
  return row;
}

/** The merges a patient took part in (as survivor or as the merged one), newest first, with the people's names. */
export async function listMerges(db: Db, patientId: number) {
  return queryRows<{
    id: number;
    survivor_id: number;
    survivor_username: string;
    survivor_name: string;
    merged_id: number;
    merged_username: string;
    merged_name: string;
    reason: string;
    requested_by: number;
    requested_name: string;
    approved_by: number;
    approved_name: string;
    applog_id: number;
    moved: Record<string, number[]>;
    created_at: string;
  }>(
    db,
    sql`select pm.id, pm.survivor_id, s.username as survivor_username, s.name as survivor_name,
               pm.merged_id, m.username as merged_username, m.name as merged_name, pm.reason,
               pm.requested_by, rq.name as requested_name, pm.approved_by, ap.name as approved_name,
               pm.applog_id, pm.moved, pm.created_at::text as created_at
          from patient_merge pm
          join users s on s.id = pm.survivor_id
          join users m on m.id = pm.merged_id
          join users rq on rq.id = pm.requested_by
          join users ap on ap.id = pm.approved_by
         where pm.survivor_id = ${patientId} or pm.merged_id = ${patientId}
         order by pm.id desc`,
  );
}

// ---------------------------------------------------------------- the chain's membership levels (issue 30 item 2)

export type MembershipLevelRow = typeof membershipLevel.$inferSelect;

export function listMembershipLevels(db: Db, status?: number): Promise<MembershipLevelRow[]> {
  return db
    .select()
    .from(membershipLevel)
    .where(status === undefined ? undefined : eq(membershipLevel.status, status))
    .orderBy(asc(membershipLevel.id));
}

/** Another level with this name, case and spaces aside. */
export async function membershipLevelNamed(db: Db, name: string, except?: number): Promise<boolean> {
  const rows = await db
    .select({ id: membershipLevel.id })
    .from(membershipLevel)
    .where(
      and(
        sql`lower(trim(${membershipLevel.name})) = lower(trim(${name}))`,
        except === undefined ? undefined : sql`${membershipLevel.id} <> ${except}`,
      ),
    );
  return rows.length > 0;
}

export async function lockMembershipLevel(db: Db, id: number): Promise<MembershipLevelRow | undefined> {
  const [row] = await db.select().from(membershipLevel).where(eq(membershipLevel.id, id)).for('update');
  return row;
}

export async function insertMembershipLevel(db: Db, values: { name: string; status: number }) {
  const [row] = await db.insert(membershipLevel).values(values).returning();
  return row;
}

export async function updateMembershipLevel(db: Db, id: number, values: Partial<{ name: string; status: number }>) {
  const [row] = await db.update(membershipLevel).set(values).where(eq(membershipLevel.id, id)).returning();
  return row;
}
