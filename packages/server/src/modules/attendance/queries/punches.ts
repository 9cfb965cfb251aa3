/** Attendance SQL: punches (device import, web check-in, the checklog) and the payroll settings and letterhead. */
import { type BranchScope } from '../../../http/access-scope.js';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { checklog, checklogImport, payrollSetting, profile, users } from '../../../db/schema/index.js';
import { byBranch } from './scope.js';
import { containing } from '../../../db/like.js';

// Punches ---------------------------------------------------------------------------------------------------

export function staffCodes(db: Db, branch: number, codes: string[]) {
  return db
    .select({ id: users.id, code: users.attendance_code })
    .from(users)
    .where(
      and(eq(users.profile_id, branch), ne(users.role, 1), inArray(users.attendance_code, codes.length ? codes : [''])),
    );
}

/** Records an import (who, from what, how many lines) before its punches, which name it. */
export async function insertChecklogImport(
  db: Db,
  r: { profile_id: number; kind: 'file' | 'text'; file_name: string | null; line_count: number; by: number },
): Promise<number> {
  const [row] = await db
    .insert(checklogImport)
    .values({
      profile_id: r.profile_id,
      kind: r.kind,
      file_name: r.file_name,
      line_count: r.line_count,
      created_by: r.by,
    })
    .returning({ id: checklogImport.id });
  return row.id;
}

/** How many punches an import stored (the rest of its lines were already stored). */
export async function setChecklogImported(db: Db, id: number, imported: number): Promise<void> {
  await db.update(checklogImport).set({ imported }).where(eq(checklogImport.id, id));
}

/**
 * Inserts device punches of one import; an identical punch (branch, code, instant) already stored is skipped (it keeps
 * the import it came with). Returns how many went in.
 */
export async function insertDevicePunches(
  db: Db,
  importId: number,
  rows: { profile_id: number; user_id: number | null; code: string; punch_at: string; state: number; by: number }[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = sql.join(
      chunk.map(
        (r) =>
          sql`(${r.profile_id}, ${r.user_id}, ${r.code}, ${r.punch_at}::timestamptz, ${r.state}, 'device', ${r.by}, ${importId})`,
      ),
      sql`, `,
    );
    const out = await queryRows<{ id: number }>(
      db,
      sql`insert into ${checklog} (profile_id, user_id, attendance_code, punch_at, state, source, created_by, import_id)
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
  const kw = f.keyword ? containing(f.keyword) : null;
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
      import_id: checklog.import_id,
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
