import { sql, type SQL } from 'drizzle-orm';
import type { ChainMasterKind } from '@klinik/shared';
import { queryRows, type Db } from '../../db/client.js';
import { likeOf } from '../../db/like.js';

/** The chain records (table chain_master, this module's) and the branch rows linked to them (read only here). */
export interface ChainRow {
  id: number;
  kind: ChainMasterKind;
  key: string;
  name: string;
  fields: Record<string, unknown>;
  status: number;
  updated_at: string;
  category: string | null;
}

export interface BranchRow {
  chain_id: number;
  profile_id: number;
  profile_name: string;
  id: number;
  status: number;
}

/**
 * The branch rows of each kind (their owners write them: masters for perawatan, inventory for item, item_category
 * and vendor, multimedia for multimedia_label, paket for paket_type and paket, whose status is its current version's).
 */
const table = (name: string) => sql`(select id, profile_id, chain_id, status from ${sql.identifier(name)})`;
const BRANCH_ROWS: Record<ChainMasterKind, SQL> = {
  item: table('item'),
  item_category: table('item_category'),
  item_supplier: table('vendor'),
  treatment: table('perawatan'),
  promo: table('paket_type'),
  'foto-label': table('multimedia_label'),
  promosi: sql`(select k.id, k.profile_id, k.chain_id, coalesce(h.status, 0) as status from paket k
    left join paket_history h on h.paket_id = k.id and h.is_current)`,
};

/** `category`: the name of the chain record an item's category_id or a package's paket_type_id names. */
const select = sql`select m.id, m.kind, m.key, m.name, m.fields, m.status, m.updated_at,
  (select c.name from chain_master c
    where c.id = coalesce((m.fields->>'category_id')::int, (m.fields->>'paket_type_id')::int)) as category
  from chain_master m`;

export async function list(
  db: Db,
  f: { kind: ChainMasterKind; keyword?: string; status?: number; limit: number; offset: number },
): Promise<{ rows: ChainRow[]; count: number }> {
  const where: SQL[] = [sql`m.kind = ${f.kind}`];
  if (f.status !== undefined) where.push(sql`m.status = ${f.status}`);
  if (f.keyword) where.push(sql`(lower(m.key) like ${likeOf(f.keyword)} or lower(m.name) like ${likeOf(f.keyword)})`);
  const cond = sql.join(where, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<ChainRow>(
      db,
      sql`${select} where ${cond} order by m.status desc, lower(m.name), m.id limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from chain_master m where ${cond}`),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function find(db: Db, kind: ChainMasterKind, id: number): Promise<ChainRow | undefined> {
  const [row] = await queryRows<ChainRow>(db, sql`${select} where m.kind = ${kind} and m.id = ${id}`);
  return row;
}

export async function findByKey(db: Db, kind: ChainMasterKind, key: string): Promise<ChainRow | undefined> {
  const [row] = await queryRows<ChainRow>(db, sql`${select} where m.kind = ${kind} and m.key = ${key}`);
  return row;
}

/**
 * Every chain record for a new branch, what is named before what names it: categories before items, treatments,
 * items and package types before packages.
 */
export async function all(db: Db): Promise<ChainRow[]> {
  return queryRows<ChainRow>(
    db,
    sql`${select} order by case m.kind when 'item_category' then 0 when 'item_supplier' then 1 when 'treatment' then 2
      when 'item' then 3 when 'promo' then 4 when 'foto-label' then 5 else 6 end, m.id`,
  );
}

/** The chain records of one kind among the given ids (a package's type and items). */
export async function findMany(db: Db, kind: ChainMasterKind, ids: readonly number[]): Promise<ChainRow[]> {
  if (!ids.length) return [];
  return queryRows<ChainRow>(
    db,
    sql`${select} where m.kind = ${kind} and m.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
}

export async function insert(
  db: Db,
  v: { kind: ChainMasterKind; key: string; name: string; fields: Record<string, unknown>; status: number; by: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into chain_master (kind, key, name, fields, status, created_by, updated_by)
        values (${v.kind}, ${v.key}, ${v.name}, ${JSON.stringify(v.fields)}::jsonb, ${v.status}, ${v.by}, ${v.by})
        returning id`,
  );
  return Number(row.id);
}

export async function update(
  db: Db,
  id: number,
  v: { key: string; name: string; fields: Record<string, unknown>; status: number; by: number },
): Promise<void> {
  await db.execute(
    sql`update chain_master set key = ${v.key}, name = ${v.name}, fields = ${JSON.stringify(v.fields)}::jsonb,
        status = ${v.status}, updated_by = ${v.by}, updated_at = now() where id = ${id}`,
  );
}

/** The branch rows linked to the given chain records (which branches use them). */
export async function branchRows(db: Db, kind: ChainMasterKind, ids: readonly number[]): Promise<BranchRow[]> {
  if (!ids.length) return [];
  return queryRows<BranchRow>(
    db,
    sql`select r.chain_id, r.profile_id, p.name as profile_name, r.id, r.status from ${BRANCH_ROWS[kind]} r
        join profile p on p.id = r.profile_id
        where r.chain_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) order by r.profile_id`,
  );
}
