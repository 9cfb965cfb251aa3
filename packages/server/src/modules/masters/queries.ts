import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { sql, type SQL } from 'drizzle-orm';
import { fromSen } from '@klinik/shared';
import { queryRows, type Db } from '../../db/client.js';
import { chainCopySql } from '../../lib/chain-copies.js';
import { likeOf } from '../../db/like.js';

/**
 * The three masters a package is made of share one shape (branch, code, name, money, status), so one set of
 * queries serves them, driven by a small table description. Money columns hold sen.
 */
export type MasterKind = 'tindakan' | 'item' | 'formlab';

interface MasterDef {
  table: string;
  /** Columns besides id, profile_id, code, name, status. */
  text: string[];
  money: string[];
  /** Whole numbers (ids, quantities) and yes/no columns. */
  ints?: string[];
  bools?: string[];
  /** Read-only columns a reading query adds (the item's category name). */
  derived?: string[];
  /** What reading queries select from, when more than the table (aliased as the table). */
  source?: SQL;
  label: string;
}

export const MASTER_DEFS: Record<MasterKind, MasterDef> = {
  tindakan: { table: 'perawatan', text: [], money: ['price', 'doctor_share'], label: 'Tindakan medis' },
  item: {
    table: 'item',
    text: ['unit', 'purchase_unit', 'kfa_code', 'generic_name'],
    money: ['last_purchase_price', 'selling_price'],
    ints: ['category_id', 'conversion', 'min_stock'],
    bools: ['track_batch'],
    derived: ['category'],
    source: sql`(select item.*, item_category.name as category from item left join item_category on item_category.id = item.category_id) as item`,
    label: 'Item',
  },
  formlab: {
    table: 'form_lab',
    // partner_type/partner_name are copied from the partner_id row by the service (never taken from the input).
    text: ['partner_type', 'partner_name'],
    money: ['price', 'partner_cost'],
    ints: ['partner_id'],
    label: 'Form lab',
  },
};

export type MasterRow = Record<string, unknown> & {
  id: number;
  profile_id: number;
  code: string;
  name: string;
  status: number;
};

function columnsOf(def: MasterDef): string[] {
  return ['code', 'name', ...def.text, ...def.money, ...(def.ints ?? []), ...(def.bools ?? []), 'status'];
}

function sourceOf(def: MasterDef): SQL {
  return def.source ?? sql`${sql.identifier(def.table)}`;
}

/** Row as the API speaks it: money in rupiah, numbers as numbers. */
export function toDto<T>(def: MasterDef, r: Record<string, unknown>): T {
  const out: Record<string, unknown> = {
    id: Number(r.id),
    profile_id: Number(r.profile_id),
    code: r.code,
    name: r.name,
    status: Number(r.status),
    chain_id: r.chain_id == null ? null : Number(r.chain_id),
  };
  for (const c of def.text) out[c] = r[c] ?? null;
  for (const c of def.money) out[c] = fromSen(Number(r[c] ?? 0));
  for (const c of def.ints ?? []) out[c] = r[c] === null || r[c] === undefined ? null : Number(r[c]);
  for (const c of def.bools ?? []) out[c] = r[c] === true;
  for (const c of def.derived ?? []) out[c] = r[c] ?? null;
  return out as T;
}

export async function listMasters(
  db: Db,
  def: MasterDef,
  f: { scope: BranchScope; keyword?: string; status?: number; limit: number; offset: number },
): Promise<{ rows: MasterRow[]; count: number }> {
  const where: SQL[] = [scopeSql(sql`profile_id`, f.scope)];
  if (f.status !== undefined) where.push(sql`status = ${f.status}`);
  if (f.keyword) {
    const like = likeOf(f.keyword);
    where.push(sql`(lower(code) like ${like} or lower(name) like ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const table = sourceOf(def);
  const [rows, [total]] = await Promise.all([
    queryRows<MasterRow>(
      db,
      sql`select * from ${table} where ${cond} order by status desc, lower(name), id limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${table} where ${cond}`),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findMaster(db: Db, def: MasterDef, id: number): Promise<MasterRow | undefined> {
  const [row] = await queryRows<MasterRow>(db, sql`select * from ${sourceOf(def)} where id = ${id}`);
  return row;
}

export async function findMasterByCode(
  db: Db,
  def: MasterDef,
  profileId: number,
  code: string,
): Promise<MasterRow | undefined> {
  const [row] = await queryRows<MasterRow>(
    db,
    sql`select * from ${sourceOf(def)} where profile_id = ${profileId} and code = ${code}`,
  );
  return row;
}

/** values: API field -> DB value (money already in sen). */
export async function insertMaster(
  db: Db,
  def: MasterDef,
  profileId: number,
  values: Record<string, unknown>,
): Promise<MasterRow> {
  const cols = columnsOf(def).filter((c) => values[c] !== undefined);
  const [row] = await queryRows<MasterRow>(
    db,
    sql`insert into ${sql.identifier(def.table)} (profile_id, ${sql.join(
      cols.map((c) => sql.identifier(c)),
      sql`, `,
    )}) values (${profileId}, ${sql.join(
      cols.map((c) => sql`${values[c] as string | number | boolean | null}`),
      sql`, `,
    )}) returning *`,
  );
  return def.source ? ((await findMaster(db, def, Number(row.id))) ?? row) : row;
}

export async function updateMaster(
  db: Db,
  def: MasterDef,
  id: number,
  values: Record<string, unknown>,
): Promise<MasterRow | undefined> {
  const cols = columnsOf(def).filter((c) => values[c] !== undefined);
  const sets = [
    ...cols.map((c) => sql`${sql.identifier(c)} = ${values[c] as string | number | boolean | null}`),
    sql`updated_at = now()`,
  ];
  const [row] = await queryRows<MasterRow>(
    db,
    sql`update ${sql.identifier(def.table)} set ${sql.join(sets, sql`, `)} where id = ${id} returning *`,
  );
  return row && def.source ? ((await findMaster(db, def, id)) ?? row) : row;
}

/** Active masters of a branch by id (for a package's items). */
export async function activeMastersByIds(
  db: Db,
  def: MasterDef,
  profileId: number,
  ids: number[],
): Promise<MasterRow[]> {
  if (!ids.length) return [];
  return queryRows<MasterRow>(
    db,
    sql`select * from ${sql.identifier(def.table)} where profile_id = ${profileId} and status = 1 and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
}

/**
 * The chain's treatment written into every branch's row of it (issue 30 item 2; `lib/chain-copies.ts`): values are
 * columns (money in sen), in the caller's transaction.
 */
export async function copyChainTreatment(
  db: Db,
  a: { chainId: number; key: string; values: Record<string, unknown>; branches: readonly number[] | null },
): Promise<void> {
  for (const s of chainCopySql({ table: 'perawatan', keyExpr: (t) => sql`upper(${t}.code)`, ...a }))
    await db.execute(s);
}
