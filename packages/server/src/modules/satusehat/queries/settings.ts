import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  doctorPractice,
  icd9cm,
  item,
  perawatan,
  profile,
  satusehatMap,
  satusehatSetting,
  satusehatToken,
  users,
} from '../../../db/schema/index.js';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { likeOf } from '../../../db/like.js';

export type SettingRow = typeof satusehatSetting.$inferSelect;
export type TokenRow = typeof satusehatToken.$inferSelect;
export type MapRow = typeof satusehatMap.$inferSelect;

export async function findSetting(db: Db, profileId: number): Promise<SettingRow | undefined> {
  const [row] = await db.select().from(satusehatSetting).where(eq(satusehatSetting.profile_id, profileId));
  return row;
}

export async function branchName(db: Db, profileId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: profile.name }).from(profile).where(eq(profile.id, profileId));
  return row?.name;
}

export async function upsertSetting(db: Db, values: typeof satusehatSetting.$inferInsert): Promise<SettingRow> {
  const { profile_id: _p, ...rest } = values;
  const [row] = await db
    .insert(satusehatSetting)
    .values(values)
    .onConflictDoUpdate({ target: satusehatSetting.profile_id, set: { ...rest, updated_at: sql`now()` } })
    .returning();
  return row;
}

/** Every branch in scope with its settings (null when none) and its client id's token state. */
export async function branchesWithSettings(db: Db, scope: BranchScope) {
  return db
    .select({ profile_id: profile.id, profile_name: profile.name, setting: satusehatSetting, token: satusehatToken })
    .from(profile)
    .leftJoin(satusehatSetting, eq(satusehatSetting.profile_id, profile.id))
    .leftJoin(satusehatToken, eq(satusehatToken.client_id, satusehatSetting.client_id))
    .where(and(scopeSql(profile.id, scope), eq(profile.status, 1)))
    .orderBy(asc(profile.name), asc(profile.id));
}

// ------------------------------------------------------------------------------------------ token store

export async function findToken(db: Db, clientId: string): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(satusehatToken).where(eq(satusehatToken.client_id, clientId));
  return row;
}

export async function saveToken(db: Db, clientId: string, values: Partial<typeof satusehatToken.$inferInsert>) {
  await db
    .insert(satusehatToken)
    .values({ client_id: clientId, ...values })
    .onConflictDoUpdate({ target: satusehatToken.client_id, set: { ...values, updated_at: sql`now()` } });
}

// ------------------------------------------------------------------------------------------ mappings

export async function mapsOf(db: Db, profileId: number, kind: string, keys: string[]): Promise<Map<string, MapRow>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select()
    .from(satusehatMap)
    .where(
      and(eq(satusehatMap.profile_id, profileId), eq(satusehatMap.kind, kind), inArray(satusehatMap.local_key, keys)),
    );
  return new Map(rows.map((r) => [r.local_key, r]));
}

export async function upsertMap(db: Db, values: typeof satusehatMap.$inferInsert): Promise<MapRow> {
  const [row] = await db
    .insert(satusehatMap)
    .values(values)
    .onConflictDoUpdate({
      target: [satusehatMap.profile_id, satusehatMap.kind, satusehatMap.local_key],
      set: { code: values.code, display: values.display, updated_by: values.updated_by, updated_at: sql`now()` },
    })
    .returning();
  return row;
}

/** A doctor of the branch: one whose account is there, or who practises there (doctor_practice). */
function practisesAt(profileId: number): SQL {
  return sql`${users.role} = 2 and (${users.profile_id} = ${profileId} or exists (select 1 from ${doctorPractice} dp
    where dp.doctor_id = "users"."id" and dp.profile_id = ${profileId} and dp.status = 1))`;
}

export interface LocalThing {
  local_key: string;
  name: string;
  nik: string | null;
  /** A code the owning table already keeps (the item's KFA code), used when no mapping is stored. */
  own_code: string | null;
}

/** The local things of a kind in a branch (doctors practising there, its patients, items, treatments). */
export async function localThings(
  db: Db,
  profileId: number,
  kind: 'practitioner' | 'patient' | 'item' | 'treatment',
  f: { keyword?: string; unmapped?: boolean; limit: number; offset: number },
): Promise<{ rows: LocalThing[]; count: number }> {
  const like = f.keyword ? likeOf(f.keyword) : null;
  const mapped = (key: SQL) =>
    sql`exists (select 1 from ${satusehatMap} m where m.profile_id = ${profileId} and m.kind = ${kind} and m.local_key = ${key})`;
  let base;
  const w: SQL[] = [];
  if (kind === 'practitioner' || kind === 'patient') {
    const key = sql`"users"."id"::text`;
    if (kind === 'practitioner') w.push(practisesAt(profileId));
    else w.push(eq(users.profile_id, profileId), eq(users.role, 1), sql`${users.merged_into} is null`);
    w.push(eq(users.status, 1));
    if (like) w.push(sql`lower(${users.name}) like ${like}`);
    if (f.unmapped) w.push(sql`not ${mapped(key)}`);
    base = { key, name: users.name, nik: users.idcard, own: sql<string | null>`null`, table: users };
  } else if (kind === 'item') {
    const key = sql`"item"."id"::text`;
    w.push(eq(item.profile_id, profileId), eq(item.status, 1));
    if (like) w.push(sql`lower(${item.name}) like ${like}`);
    if (f.unmapped) w.push(sql`not ${mapped(key)} and coalesce(${item.kfa_code}, '') = ''`);
    base = { key, name: item.name, nik: sql<string | null>`null`, own: item.kfa_code, table: item };
  } else {
    const key = sql`"perawatan"."id"::text`;
    w.push(eq(perawatan.profile_id, profileId), eq(perawatan.status, 1));
    if (like) w.push(sql`lower(${perawatan.name}) like ${like}`);
    if (f.unmapped) w.push(sql`not ${mapped(key)}`);
    base = {
      key,
      name: perawatan.name,
      nik: sql<string | null>`null`,
      own: sql<string | null>`null`,
      table: perawatan,
    };
  }
  const where = and(...w);
  const [rows, [total]] = await Promise.all([
    db
      .select({ local_key: sql<string>`${base.key}`, name: base.name, nik: base.nik, own_code: base.own })
      .from(base.table)
      .where(where)
      .orderBy(asc(base.name))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(base.table).where(where),
  ]);
  return { rows: rows, count: Number(total?.n ?? 0) };
}

/** NIK of users (practitioners or patients) by id, for the look-ups. */
export async function niksOf(db: Db, ids: number[]): Promise<{ id: number; nik: string | null; name: string }[]> {
  if (!ids.length) return [];
  return db.select({ id: users.id, nik: users.idcard, name: users.name }).from(users).where(inArray(users.id, ids));
}

/** Whether the local thing a mapping names belongs to the branch (an id of another branch is not found). */
export async function localExists(db: Db, profileId: number, kind: string, key: string): Promise<boolean> {
  const id = /^[1-9][0-9]{0,9}$/.test(key) ? Number(key) : null;
  if (id === null) return false;
  let rows: unknown[] = [];
  if (kind === 'practitioner')
    rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), practisesAt(profileId)));
  else if (kind === 'patient')
    rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.profile_id, profileId), eq(users.role, 1)));
  else if (kind === 'item')
    rows = await db
      .select({ id: item.id })
      .from(item)
      .where(and(eq(item.id, id), eq(item.profile_id, profileId)));
  else if (kind === 'treatment')
    rows = await db
      .select({ id: perawatan.id })
      .from(perawatan)
      .where(and(eq(perawatan.id, id), eq(perawatan.profile_id, profileId)));
  return rows.length > 0;
}

export async function icd9Name(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db.select({ name: icd9cm.name_en }).from(icd9cm).where(eq(icd9cm.code, code));
  return row?.name;
}

/** Every mapping of a kind in a branch (locations: a handful of rows). */
export async function mapsOfKind(db: Db, profileId: number, kind: string): Promise<MapRow[]> {
  return db
    .select()
    .from(satusehatMap)
    .where(and(eq(satusehatMap.profile_id, profileId), eq(satusehatMap.kind, kind)));
}
