import { sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { queryRows, type Db } from '../../db/client.js';
import { ids } from './queries/sql-helpers.js';
import { likeOf } from '../../db/like.js';
import type { ItemStockDto } from '@klinik/shared';
export * from './queries/purchasing.js';

/**
 * The inventory module's only SQL. Every list takes the branch scope; single rows are read after the service has
 * checked them with requireAccess / requireReference. Money columns are sen (bigint, read as numbers).
 */

// ------------------------------------------------------------------------------------------------ masters

export type MasterTable = 'item_category' | 'vendor' | 'warehouse';
export type Row = Record<string, unknown> & { id: number; profile_id: number; status: number };

export async function listMaster(
  db: Db,
  table: MasterTable,
  f: { scope: BranchScope; keyword?: string; status?: number; limit: number; offset: number },
): Promise<{ rows: Row[]; count: number }> {
  const where: SQL[] = [scopeSql(sql`t.profile_id`, f.scope)];
  if (f.status !== undefined) where.push(sql`t.status = ${f.status}`);
  if (f.keyword) {
    const like = likeOf(f.keyword);
    where.push(
      table === 'item_category'
        ? sql`lower(t.name) like ${like}`
        : sql`(lower(t.code) like ${like} or lower(t.name) like ${like})`,
    );
  }
  const cond = sql.join(where, sql` and `);
  const extra =
    table === 'item_category'
      ? sql`, (select count(*)::int from item i where i.category_id = t.id and i.status = 1) as items`
      : sql``;
  const order =
    table === 'warehouse' ? sql`t.status desc, t.kind, lower(t.name), t.id` : sql`t.status desc, lower(t.name), t.id`;
  const [rows, [total]] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select t.* ${extra} from ${sql.identifier(table)} t where ${cond} order by ${order} limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)} t where ${cond}`),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findMaster(db: Db, table: MasterTable, id: number): Promise<Row | undefined> {
  const extra =
    table === 'item_category'
      ? sql`, (select count(*)::int from item i where i.category_id = t.id and i.status = 1) as items`
      : sql``;
  const [row] = await queryRows<Row>(db, sql`select t.* ${extra} from ${sql.identifier(table)} t where t.id = ${id}`);
  return row;
}

/** The row of the branch with the same natural key (code, or the name of a category), for a clear 409. */
export async function findSameKey(
  db: Db,
  table: MasterTable,
  profileId: number,
  key: string,
): Promise<Row | undefined> {
  const cond = table === 'item_category' ? sql`lower(name) = lower(${key})` : sql`code = ${key}`;
  const [row] = await queryRows<Row>(
    db,
    sql`select * from ${sql.identifier(table)} where profile_id = ${profileId} and ${cond}`,
  );
  return row;
}

export async function insertMaster(db: Db, table: MasterTable, values: Record<string, unknown>): Promise<Row> {
  const cols = Object.keys(values).filter((k) => values[k] !== undefined);
  const [row] = await queryRows<Row>(
    db,
    sql`insert into ${sql.identifier(table)} (${sql.join(
      cols.map((c) => sql.identifier(c)),
      sql`, `,
    )}) values (${sql.join(
      cols.map((c) => sql`${values[c] as string | number | null}`),
      sql`, `,
    )}) returning *`,
  );
  return row;
}

export async function updateMaster(
  db: Db,
  table: MasterTable,
  id: number,
  values: Record<string, unknown>,
): Promise<Row | undefined> {
  const cols = Object.keys(values).filter((k) => values[k] !== undefined);
  const sets = [
    ...cols.map((c) => sql`${sql.identifier(c)} = ${values[c] as string | number | null}`),
    sql`updated_at = now()`,
  ];
  const [row] = await queryRows<Row>(
    db,
    sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where id = ${id} returning *`,
  );
  return row;
}

/** The branch's active warehouse of a kind ('apotek', 'tindakan': at most one; 'gudang': the first). */
export async function warehouseOfKind(db: Db, profileId: number, kind: string): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    db,
    sql`select * from warehouse where profile_id = ${profileId} and kind = ${kind} and status = 1 order by id limit 1`,
  );
  return row;
}

export async function warehousesByIds(db: Db, list: readonly number[]): Promise<Row[]> {
  if (!list.length) return [];
  return queryRows<Row>(db, sql`select * from warehouse where id in (${ids(list)})`);
}

// ------------------------------------------------------------------------------------------------ items

export interface ItemRow {
  id: number;
  profile_id: number;
  code: string;
  name: string;
  unit: string;
  purchase_unit: string | null;
  conversion: number;
  min_stock: number;
  track_batch: boolean;
  last_purchase_price: number;
  selling_price: number;
  status: number;
  category: string | null;
}

export async function itemsByIds(db: Db, list: readonly number[]): Promise<ItemRow[]> {
  if (!list.length) return [];
  return queryRows<ItemRow>(
    db,
    sql`select i.id, i.profile_id, i.code, i.name, i.unit, i.purchase_unit, i.conversion, i.min_stock, i.track_batch,
          i.last_purchase_price::bigint as last_purchase_price, i.selling_price, i.status, c.name as category
        from item i left join item_category c on c.id = i.category_id where i.id in (${ids(list)})`,
  );
}

export async function setLastPurchasePrice(db: Db, itemId: number, price: number): Promise<void> {
  await db.execute(sql`update item set last_purchase_price = ${price}, updated_at = now() where id = ${itemId}`);
}

// ------------------------------------------------------------------------------------------------ batches

export interface BatchRow {
  id: number;
  item_id: number;
  batch: string;
  expired_at: string;
}

/** The batch row of an item and batch number, created when new (concurrent creators get the same row). */
export async function ensureBatch(
  db: Db,
  profileId: number,
  itemId: number,
  batch: string,
  expiredAt: string,
): Promise<BatchRow> {
  await db.execute(
    sql`insert into stock_batch (profile_id, item_id, batch, expired_at) values (${profileId}, ${itemId}, ${batch}, ${expiredAt})
        on conflict (item_id, batch) do nothing`,
  );
  const [row] = await queryRows<BatchRow>(
    db,
    sql`select id, item_id, batch, to_char(expired_at, 'YYYY-MM-DD') as expired_at from stock_batch
        where item_id = ${itemId} and batch = ${batch}`,
  );
  return row;
}

export async function batchesByIds(db: Db, list: readonly number[]): Promise<BatchRow[]> {
  if (!list.length) return [];
  return queryRows<BatchRow>(
    db,
    sql`select id, item_id, batch, to_char(expired_at, 'YYYY-MM-DD') as expired_at from stock_batch where id in (${ids(list)})`,
  );
}

// ------------------------------------------------------------------------------------------------ ledger

export interface BalanceRow {
  id: number;
  warehouse_id: number;
  item_id: number;
  batch_id: number | null;
  batch: string | null;
  expired_at: string | null;
  quantity: number;
}

/**
 * Locks the valuation rows of the items (in id order: the order every writer takes them, so no deadlock), which
 * serializes every movement of these items until the transaction ends.
 */
export async function lockItems(db: Db, itemIds: readonly number[]): Promise<void> {
  if (!itemIds.length) return;
  const sorted = [...new Set(itemIds)].sort((a, b) => a - b);
  await queryRows(
    db,
    sql`select item_id from stock_valuation where item_id in (${ids(sorted)}) order by item_id for update`,
  );
}

/** Balances of an item in a warehouse with stock, first-expired first (no batch last). */
const balancesSql = (warehouseId: number, itemId: number) =>
  sql`select b.id, b.warehouse_id, b.item_id, b.batch_id, sb.batch, to_char(sb.expired_at, 'YYYY-MM-DD') as expired_at,
        b.quantity
      from stock_balance b left join stock_batch sb on sb.id = b.batch_id
      where b.warehouse_id = ${warehouseId} and b.item_id = ${itemId} and b.quantity > 0
      order by sb.expired_at nulls last, b.id`;

/** Balances of an item in a warehouse, first-expired first (no batch last), locked for the transaction. */
export async function lockBalances(db: Db, warehouseId: number, itemId: number): Promise<BalanceRow[]> {
  return queryRows<BalanceRow>(db, sql`${balancesSql(warehouseId, itemId)} for update of b`);
}

export interface MovementInsert {
  profile_id: number;
  warehouse_id: number;
  item_id: number;
  batch_id: number | null;
  quantity: number;
  /** Signed sen; null: valued by the trigger at the moving average. */
  value: number | null;
  kind: string;
  moved_at: string;
  source_kind: string;
  source_id: number;
  note: string | null;
  created_by: number | null;
}

export async function insertMovement(
  db: Db,
  m: MovementInsert,
): Promise<{ id: number; value: number; unit_cost: number }> {
  const [row] = await queryRows<{ id: number; value: number; unit_cost: number }>(
    db,
    sql`insert into stock_movement (profile_id, warehouse_id, item_id, batch_id, quantity, value, kind, moved_at,
          source_kind, source_id, note, created_by)
        values (${m.profile_id}, ${m.warehouse_id}, ${m.item_id}, ${m.batch_id}, ${m.quantity}, ${m.value}, ${m.kind},
          ${m.moved_at}, ${m.source_kind}, ${m.source_id}, ${m.note}, ${m.created_by})
        returning id::int as id, value::bigint as value, unit_cost::bigint as unit_cost`,
  );
  return { id: Number(row.id), value: Number(row.value), unit_cost: Number(row.unit_cost) };
}

export interface StockRow {
  item: number;
  code: string;
  name: string;
  unit: string;
  category: string | null;
  warehouse: number;
  warehouse_name: string;
  warehouse_kind: string;
  batch: string | null;
  batch_id: number | null;
  expired_at: string | null;
  expires_in: number | null;
  quantity: number;
  avg_cost: number;
}

export async function listStock(
  db: Db,
  f: {
    scope: BranchScope;
    today: string;
    warehouse?: number;
    item?: number;
    keyword?: string;
    expiry?: 'expired' | '30' | '60' | '90';
    empty: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: StockRow[]; count: number }> {
  const where: SQL[] = [scopeSql(sql`b.profile_id`, f.scope)];
  if (!f.empty) where.push(sql`b.quantity > 0`);
  if (f.warehouse) where.push(sql`b.warehouse_id = ${f.warehouse}`);
  if (f.item) where.push(sql`b.item_id = ${f.item}`);
  if (f.keyword) {
    const like = likeOf(f.keyword);
    where.push(
      sql`(lower(i.code) like ${like} or lower(i.name) like ${like} or lower(coalesce(sb.batch, '')) like ${like})`,
    );
  }
  if (f.expiry === 'expired') where.push(sql`sb.expired_at <= ${f.today}::date`);
  else if (f.expiry)
    where.push(sql`sb.expired_at > ${f.today}::date and sb.expired_at <= ${f.today}::date + ${Number(f.expiry)}::int`);
  const cond = sql.join(where, sql` and `);
  const from = sql`from stock_balance b
      join item i on i.id = b.item_id
      join warehouse w on w.id = b.warehouse_id
      left join stock_batch sb on sb.id = b.batch_id
      left join item_category c on c.id = i.category_id
      left join stock_valuation v on v.item_id = b.item_id`;
  const [rows, [total]] = await Promise.all([
    queryRows<StockRow>(
      db,
      sql`select i.id as item, i.code, i.name, i.unit, c.name as category, w.id as warehouse, w.name as warehouse_name,
            w.kind as warehouse_kind, sb.batch, b.batch_id, to_char(sb.expired_at, 'YYYY-MM-DD') as expired_at,
            (sb.expired_at - ${f.today}::date) as expires_in, b.quantity,
            case when v.quantity > 0 then v.value::numeric / v.quantity else 0 end::float8 as avg_cost
          ${from} where ${cond}
          order by lower(i.name), i.id, w.name, sb.expired_at nulls last, b.id
          limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${cond}`),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** An item's stock as read (value and last_purchase_price in sen; no warehouse: null); the API's ItemStockDto. */
export interface ItemStockRow extends Omit<ItemStockDto, 'per_warehouse' | 'average_cost'> {
  per_warehouse: ItemStockDto['per_warehouse'] | null;
}

export async function listItemStock(
  db: Db,
  f: { scope: BranchScope; keyword?: string; low: boolean; limit: number; offset: number },
): Promise<{ rows: ItemStockRow[]; count: number }> {
  const where: SQL[] = [scopeSql(sql`i.profile_id`, f.scope), sql`i.status = 1`];
  if (f.keyword) {
    const like = likeOf(f.keyword);
    where.push(sql`(lower(i.code) like ${like} or lower(i.name) like ${like})`);
  }
  if (f.low) where.push(sql`i.min_stock > 0 and coalesce(v.quantity, 0) < i.min_stock`);
  const cond = sql.join(where, sql` and `);
  const from = sql`from item i left join stock_valuation v on v.item_id = i.id left join item_category c on c.id = i.category_id`;
  const [rows, [total]] = await Promise.all([
    queryRows<ItemStockRow>(
      db,
      sql`select i.id, i.code, i.name, i.unit, i.purchase_unit, i.conversion, c.name as category, i.min_stock, i.track_batch,
            coalesce(v.quantity, 0)::int as quantity, coalesce(v.value, 0)::bigint as value,
            i.last_purchase_price::bigint as last_purchase_price,
            (select json_agg(json_build_object('warehouse', w.id, 'name', w.name, 'quantity', s.q) order by w.name)
               from (select warehouse_id, sum(quantity)::int as q from stock_balance where item_id = i.id
                     group by warehouse_id having sum(quantity) > 0) s join warehouse w on w.id = s.warehouse_id)
              as per_warehouse
          ${from} where ${cond} order by lower(i.name), i.id limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${cond}`),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export interface CardRow {
  id: number;
  moved_at: string;
  warehouse: number;
  warehouse_name: string;
  kind: string;
  source_kind: string;
  source_id: number;
  batch: string | null;
  expired_at: string | null;
  quantity: number;
  value: number;
  unit_cost: number;
  note: string | null;
  created_by_name: string | null;
}

/** Quantity of an item before a date (in a warehouse or the whole branch). */
export async function quantityBefore(
  db: Db,
  itemId: number,
  warehouseId: number | undefined,
  date: string,
): Promise<number> {
  const [row] = await queryRows<{ q: number }>(
    db,
    sql`select coalesce(sum(quantity), 0)::int as q from stock_movement
        where item_id = ${itemId} and moved_at < ${date}::date
          ${warehouseId ? sql`and warehouse_id = ${warehouseId}` : sql``}`,
  );
  return Number(row?.q ?? 0);
}

export async function stockCardLines(
  db: Db,
  f: { itemId: number; warehouseId?: number; from?: string | null; to?: string | null },
): Promise<CardRow[]> {
  const where: SQL[] = [sql`m.item_id = ${f.itemId}`];
  if (f.warehouseId) where.push(sql`m.warehouse_id = ${f.warehouseId}`);
  if (f.from) where.push(sql`m.moved_at >= ${f.from}::date`);
  if (f.to) where.push(sql`m.moved_at <= ${f.to}::date`);
  return queryRows<CardRow>(
    db,
    sql`select m.id::int as id, to_char(m.moved_at, 'YYYY-MM-DD') as moved_at, m.warehouse_id as warehouse,
          w.name as warehouse_name, m.kind, m.source_kind, m.source_id, sb.batch,
          to_char(sb.expired_at, 'YYYY-MM-DD') as expired_at, m.quantity, m.value::bigint as value,
          m.unit_cost::bigint as unit_cost, m.note, u.name as created_by_name
        from stock_movement m join warehouse w on w.id = m.warehouse_id
        left join stock_batch sb on sb.id = m.batch_id left join users u on u.id = m.created_by
        where ${sql.join(where, sql` and `)}
        order by m.moved_at, m.id
        limit 5000`,
  );
}

/** Quantity and value of the branch's stock per warehouse at the end of a date (from the ledger). */
export async function stockValueAt(
  db: Db,
  profileId: number,
  date: string,
  warehouseId?: number,
): Promise<{ warehouse: number; name: string; kind: string; quantity: number; value: number }[]> {
  return queryRows(
    db,
    sql`select w.id as warehouse, w.name, w.kind, coalesce(sum(m.quantity), 0)::int as quantity,
          coalesce(sum(m.value), 0)::bigint as value
        from warehouse w left join stock_movement m on m.warehouse_id = w.id and m.moved_at <= ${date}::date
        where w.profile_id = ${profileId} ${warehouseId ? sql`and w.id = ${warehouseId}` : sql``}
        group by w.id, w.name, w.kind order by w.kind, w.name`,
  );
}

/** Balance (debit - credit, sen) of an account in a branch's journals up to a date. */
export async function accountBalanceAt(db: Db, profileId: number, code: string, date: string): Promise<number> {
  const [row] = await queryRows<{ b: number }>(
    db,
    sql`select coalesce(sum(d.debit - d.credit), 0)::bigint as b
        from jurnal_detail d join akun a on a.id = d.akun_id
        where d.profile_id = ${profileId} and a.code = ${code} and d.transaction_at <= ${date}::date`,
  );
  return Number(row?.b ?? 0);
}

/** Balances of an item in a warehouse with stock, first-expired first, without locking (for display and checks). */
export async function balancesOf(db: Db, warehouseId: number, itemId: number): Promise<BalanceRow[]> {
  return queryRows<BalanceRow>(db, balancesSql(warehouseId, itemId));
}

export async function warehouseHoldsStock(db: Db, warehouseId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from stock_balance where warehouse_id = ${warehouseId} and quantity <> 0 limit 1`,
  );
  return rows.length > 0;
}
