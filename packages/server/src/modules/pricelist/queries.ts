import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { priceList } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import type { PriceKind, PriceListEntryDto, PriceSource } from '@klinik/shared';
import { likeOf } from '../../db/like.js';

/** The price list's only SQL. Rows are chain-wide (base) or of one branch (override); see schema/pricelist.ts. */
export type PriceListRow = typeof priceList.$inferSelect;

const MASTER: Record<PriceKind, { table: string; price: string }> = {
  treatment: { table: 'perawatan', price: 'price' },
  item: { table: 'item', price: 'selling_price' },
};

/**
 * The price in force (sen) of a thing named by its code for a branch on a date, as one SQL expression: the branch's
 * latest approved override dated on or before the date, else the latest approved base price, else `fallback` (the
 * master's own price, for a thing not on the list). Every reader of prices uses this one rule.
 */
export function priceInForceSql(kind: PriceKind, code: SQL, branch: SQL, on: SQL, fallback: SQL): SQL {
  const latest = (who: SQL) => sql`(select p.price from price_list p
      where p.kind = ${kind} and p.code = upper(${code}) and ${who} and p.status = 1 and p.effective_at <= ${on}
      order by p.effective_at desc, p.id desc limit 1)`;
  return sql`coalesce(${latest(sql`p.profile_id = ${branch}`)}, ${latest(sql`p.profile_id is null`)}, ${fallback})`;
}

export interface MasterThing {
  id: number;
  profile_id: number;
  code: string;
  name: string;
  price: number;
}

/** A treatment or item of the masters by id (any branch; the service checks the branch). */
export async function masterThing(db: Db, kind: PriceKind, id: number): Promise<MasterThing | undefined> {
  const m = MASTER[kind];
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, profile_id, upper(code) as code, name, ${sql.identifier(m.price)} as price
          from ${sql.identifier(m.table)} where id = ${id}`,
  );
  return row
    ? {
        id: Number(row.id),
        profile_id: Number(row.profile_id),
        code: String(row.code),
        name: String(row.name),
        price: Number(row.price),
      }
    : undefined;
}

/** Whether some branch (or the given one) has a treatment or item with this code. */
export async function codeExists(db: Db, kind: PriceKind, code: string, branch: number | null): Promise<boolean> {
  const m = MASTER[kind];
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(m.table)}
         where upper(code) = ${code} ${branch === null ? sql`` : sql`and profile_id = ${branch}`}`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** The price in force of one thing with where it came from. */
export async function priceInForce(
  db: Db,
  f: { kind: PriceKind; code: string; branch: number; on: string; fallback: number },
): Promise<{ price: number; source: PriceSource; id: number | null; effective_at: string | null }> {
  const pick = (who: SQL, source: PriceSource, rank: number) => sql`(select p.price, ${source}::text as source,
      p.id, p.effective_at::text as effective_at, ${rank} as rank from price_list p
      where p.kind = ${f.kind} and p.code = ${f.code} and ${who} and p.status = 1 and p.effective_at <= ${f.on}::date
      order by p.effective_at desc, p.id desc limit 1)`;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from (${pick(sql`p.profile_id = ${f.branch}`, 'override', 1)} union all
          ${pick(sql`p.profile_id is null`, 'base', 2)}) x order by rank limit 1`,
  );
  if (!row) return { price: f.fallback, source: 'master', id: null, effective_at: null };
  return {
    price: Number(row.price),
    source: row.source as PriceSource,
    id: Number(row.id),
    effective_at: String(row.effective_at),
  };
}

/** A price list row as read (the price in sen, maybe as text); the API's PriceListEntryDto without what is derived. */
export interface EntryRow
  extends Record<string, unknown>, Omit<PriceListEntryDto, 'price' | 'statusname' | 'shadowed_by'> {
  price: number | string;
}

const entrySelect = sql`select p.id, p.kind, p.code, p.profile_id, pr.name as profile_name,
    p.effective_at::text as effective_at, p.price, p.status, p.note, p.created_by, cu.name as created_by_name,
    p.created_at::text as created_at, p.decided_by, du.name as decided_by_name,
    coalesce(
      case when p.kind = 'treatment' then (select t.name from perawatan t where upper(t.code) = p.code
        order by (t.profile_id = p.profile_id) desc nulls last, t.status desc, t.id limit 1) end,
      case when p.kind = 'item' then (select i.name from item i where upper(i.code) = p.code
        order by (i.profile_id = p.profile_id) desc nulls last, i.status desc, i.id limit 1) end
    ) as name
  from price_list p
  left join profile pr on pr.id = p.profile_id
  left join users cu on cu.id = p.created_by
  left join users du on du.id = p.decided_by`;

/** The list, newest date first; `branch` 'base' = base prices only, a number = that branch's overrides. */
export async function listEntries(
  db: Db,
  f: {
    kind?: PriceKind;
    branch?: 'base' | number;
    branches?: number[];
    status?: number;
    keyword?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: EntryRow[]; count: number }> {
  const w: SQL[] = [sql`true`];
  if (f.kind) w.push(sql`x.kind = ${f.kind}`);
  if (f.branch === 'base') w.push(sql`x.profile_id is null`);
  else if (typeof f.branch === 'number') w.push(sql`x.profile_id = ${f.branch}`);
  if (f.branches)
    w.push(
      f.branches.length
        ? sql`(x.profile_id is null or x.profile_id in (${sql.join(
            f.branches.map((b) => sql`${b}`),
            sql`, `,
          )}))`
        : sql`x.profile_id is null`,
    );
  if (f.status !== undefined) w.push(sql`x.status = ${f.status}`);
  if (f.keyword) {
    const kw = likeOf(f.keyword);
    w.push(sql`(lower(x.code) like ${kw} or lower(coalesce(x.name, '')) like ${kw})`);
  }
  const where = sql.join(w, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<EntryRow>(
      db,
      sql`select * from (${entrySelect}) x where ${where}
          order by x.effective_at desc, x.kind, x.code, x.profile_id nulls first, x.id desc
          limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${entrySelect}) x where ${where}`),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  const [row] = await queryRows<EntryRow>(db, sql`select * from (${entrySelect}) x where x.id = ${id}`);
  return row;
}

export interface ShadowRow extends Record<string, unknown> {
  base_id: number;
  profile_id: number;
  profile_name: string;
  effective_at: string;
  price: number | string;
}

/**
 * For base prices: the approved overrides of the same thing that will be in force on or after the base's date, per
 * branch (the override in force on that date, and later ones): where the base price will not apply.
 */
export async function shadows(db: Db, baseIds: number[]): Promise<ShadowRow[]> {
  if (!baseIds.length) return [];
  return queryRows<ShadowRow>(
    db,
    sql`select b.id as base_id, o.profile_id, pr.name as profile_name, o.effective_at::text as effective_at, o.price
          from price_list b
          join price_list o on o.kind = b.kind and o.code = b.code and o.profile_id is not null and o.status = 1
          join profile pr on pr.id = o.profile_id
         where b.id in (${sql.join(
           baseIds.map((i) => sql`${i}`),
           sql`, `,
         )}) and b.profile_id is null
           and (o.effective_at > b.effective_at or o.id = (select o2.id from price_list o2
                 where o2.kind = b.kind and o2.code = b.code and o2.profile_id = o.profile_id and o2.status = 1
                   and o2.effective_at <= b.effective_at order by o2.effective_at desc, o2.id desc limit 1))
         order by b.id, pr.name, o.effective_at`,
  );
}

export async function insertEntry(db: Db, values: typeof priceList.$inferInsert): Promise<PriceListRow> {
  const [row] = await db.insert(priceList).values(values).returning();
  return row;
}

/** Locks the row for a change (two decisions at once: the second sees the first's status). */
export async function lockEntry(db: Db, id: number): Promise<PriceListRow | undefined> {
  const [row] = await db.select().from(priceList).where(eq(priceList.id, id)).for('update');
  return row;
}

export async function updateEntry(
  db: Db,
  id: number,
  values: Partial<typeof priceList.$inferInsert>,
): Promise<PriceListRow> {
  const [row] = await db.update(priceList).set(values).where(eq(priceList.id, id)).returning();
  return row;
}

/** Branch names by id (only existing branches come back). */
export async function branchExists(db: Db, id: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from profile where id = ${id}`);
  return Number(row?.n ?? 0) > 0;
}

/**
 * Today's master prices as the approved initial list (in force since 2000-01-01), as migration 0057 does on an
 * upgrade: per code the price most branches ask is the base (a tie: the lower), a branch asking another an override.
 */
export async function copyMasterPrices(db: Db): Promise<void> {
  await db.execute(sql`
    with m as (
      select 'treatment'::varchar as kind, upper(code) as code, profile_id, price from perawatan
      union all select 'item'::varchar, upper(code), profile_id, selling_price from item
    ), counted as (select kind, code, price, count(*) as n from m group by kind, code, price),
    base as (select distinct on (kind, code) kind, code, price from counted order by kind, code, n desc, price),
    overrides as (
      select distinct on (m.kind, m.code, m.profile_id) m.kind, m.code, m.profile_id, m.price
        from m join base b on b.kind = m.kind and b.code = m.code where m.price <> b.price
       order by m.kind, m.code, m.profile_id, m.price
    ), rows as (select kind, code, null::integer as profile_id, price from base
      union all select kind, code, profile_id, price from overrides)
    insert into price_list (kind, code, profile_id, effective_at, price, status, note, decided_at)
    select kind, code, profile_id, date '2000-01-01', price, 1, 'Harga master saat daftar harga dibuat', now()
      from rows`);
}

/** The first active treatments of a branch (demo data). */
export async function firstTreatments(db: Db, branch: number, n: number) {
  return queryRows<{ code: string; price: number | string }>(
    db,
    sql`select upper(code) as code, price from perawatan where profile_id = ${branch} and status = 1
         order by id limit ${n}`,
  );
}
