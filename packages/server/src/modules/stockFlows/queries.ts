import { sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { pageRows, queryRows, type Db } from '../../db/client.js';
import { ids, type R } from './queries/sql-helpers.js';
import { likeOf } from '../../db/like.js';
import type { CountSheetLineDto, TransferDto } from '@klinik/shared';
import type { ItemRow as InventoryItemRow } from '../inventory/index.js';
export * from './queries/pharmacy.js';

/**
 * The stock flows module's only SQL (transfers, stock counts, dispensing). Lists take the branch scope; single
 * rows are read after the service checked them with requireAccess / requireReference. Money columns are sen.
 */

// ------------------------------------------------------------------------------------------------ shared reads

export interface WarehouseRow {
  id: number;
  profile_id: number;
  code: string;
  name: string;
  kind: string;
  status: number;
  branch_name: string;
}
/** Warehouses by id, whatever their branch (the transfer's destination may be another branch's). */
export async function warehouses(db: Db, list: readonly number[]): Promise<WarehouseRow[]> {
  return queryRows<WarehouseRow>(
    db,
    sql`select w.id, w.profile_id, w.code, w.name, w.kind, w.status, p.name as branch_name
        from warehouse w join profile p on p.id = w.profile_id where w.id in (${ids(list)})`,
  );
}

/** Every active warehouse of every active branch: the destinations a transfer may go to. */
export async function transferTargets(db: Db): Promise<WarehouseRow[]> {
  return queryRows<WarehouseRow>(
    db,
    sql`select w.id, w.profile_id, w.code, w.name, w.kind, w.status, p.name as branch_name
        from warehouse w join profile p on p.id = w.profile_id
        where w.status = 1 and coalesce(p.status, 1) = 1 order by p.name, w.name`,
  );
}

/** An item as the stock flows read it: the inventory's item row's identity and price, and its active ingredient. */
export interface ItemRow extends Pick<
  InventoryItemRow,
  'id' | 'profile_id' | 'code' | 'name' | 'unit' | 'track_batch' | 'selling_price' | 'status'
> {
  generic_name: string | null;
}
export async function items(db: Db, list: readonly number[]): Promise<ItemRow[]> {
  return queryRows<ItemRow>(
    db,
    sql`select id, profile_id, code, name, unit, track_batch, selling_price::bigint as selling_price, status, generic_name
        from item where id in (${ids(list)})`,
  );
}

export interface BatchRow {
  id: number;
  item_id: number;
  batch: string;
  expired_at: string;
}
/** A batch of an item by its id or its batch number. */
export async function batchOf(db: Db, itemId: number, ref: number | string): Promise<BatchRow | undefined> {
  const cond = typeof ref === 'number' ? sql`id = ${ref}` : sql`upper(batch) = upper(${ref})`;
  const [row] = await queryRows<BatchRow>(
    db,
    sql`select id, item_id, batch, to_char(expired_at, 'YYYY-MM-DD') as expired_at
        from stock_batch where item_id = ${itemId} and ${cond}`,
  );
  return row;
}
export async function batches(db: Db, list: readonly number[]): Promise<BatchRow[]> {
  return queryRows<BatchRow>(
    db,
    sql`select id, item_id, batch, to_char(expired_at, 'YYYY-MM-DD') as expired_at from stock_batch
        where id in (${ids(list)})`,
  );
}

// ------------------------------------------------------------------------------------------------ transfers

export async function insertTransfer(db: Db, v: R): Promise<{ id: number }> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into stock_transfer (profile_id, to_profile_id, code, from_warehouse_id, to_warehouse_id, sent_at, note,
          idempotency_key, created_by)
        values (${v.profile_id}, ${v.to_profile_id}, ${v.code}, ${v.from_warehouse_id}, ${v.to_warehouse_id},
          ${v.sent_at}, ${v.note ?? null}, ${v.idempotency_key ?? null}, ${v.created_by ?? null})
        returning id`,
  );
  return row;
}
export async function setTransferSent(db: Db, id: number, value: number, jurnalCode: string | null): Promise<void> {
  await db.execute(sql`update stock_transfer set value = ${value}, send_jurnal_code = ${jurnalCode} where id = ${id}`);
}
export async function insertTransferItem(db: Db, v: R): Promise<void> {
  await db.execute(
    sql`insert into stock_transfer_item (profile_id, transfer_id, item_id, batch_id, quantity, value)
        values (${v.profile_id}, ${v.transfer_id}, ${v.item_id}, ${v.batch_id ?? null}, ${v.quantity}, ${v.value})`,
  );
}

/** A transfer as read (values in sen, warehouses by id); the API's TransferDto. */
export interface TransferRow extends Omit<
  TransferDto,
  'inter_branch' | 'from_warehouse' | 'to_warehouse' | 'status_label' | 'can_receive' | 'items'
> {
  from_warehouse_id: number;
  to_warehouse_id: number;
}
const transferSelect = sql`select t.id, t.code, t.profile_id, pf.name as from_branch, t.to_profile_id, pt.name as to_branch,
    t.from_warehouse_id, wf.name as from_warehouse_name, t.to_warehouse_id, wt.name as to_warehouse_name,
    to_char(t.sent_at, 'YYYY-MM-DD') as sent_at, to_char(t.received_at, 'YYYY-MM-DD') as received_at, t.status,
    t.note, t.receive_note, t.value::bigint as value, t.received_value::bigint as received_value,
    t.difference_value::bigint as difference_value, uc.name as created_by_name, ur.name as received_by_name
  from stock_transfer t
  join profile pf on pf.id = t.profile_id join profile pt on pt.id = t.to_profile_id
  join warehouse wf on wf.id = t.from_warehouse_id join warehouse wt on wt.id = t.to_warehouse_id
  left join users uc on uc.id = t.created_by left join users ur on ur.id = t.received_by`;

export async function transfer(db: Db, id: number, lock = false): Promise<TransferRow | undefined> {
  if (lock) await db.execute(sql`select id from stock_transfer where id = ${id} for update`);
  const [row] = await queryRows<TransferRow>(db, sql`${transferSelect} where t.id = ${id}`);
  return row;
}

export async function listTransfers(
  db: Db,
  scope: BranchScope,
  f: { status?: number; direction?: 'in' | 'out'; from?: string | null; to?: string | null; keyword?: string },
  branchId: number,
  page: number,
  limit: number,
): Promise<{ rows: TransferRow[]; count: number }> {
  const conds: SQL[] = [
    sql`exists (select 1 from stock_transfer_party p where p.id = t.id and ${scopeSql(sql`p.profile_id`, scope)})`,
  ];
  if (f.status) conds.push(sql`t.status = ${f.status}`);
  if (f.direction === 'in') conds.push(sql`t.to_profile_id = ${branchId}`);
  if (f.direction === 'out') conds.push(sql`t.profile_id = ${branchId}`);
  if (f.from) conds.push(sql`t.sent_at >= ${f.from}`);
  if (f.to) conds.push(sql`t.sent_at <= ${f.to}`);
  if (f.keyword) conds.push(sql`lower(t.code) like ${likeOf(f.keyword)}`);
  const where = sql.join(conds, sql` and `);
  return pageRows<TransferRow>(
    db,
    sql`${transferSelect} where ${where} order by t.sent_at desc, t.id desc limit ${limit} offset ${(page - 1) * limit}`,
    sql`select count(*)::int as n from stock_transfer t where ${where}`,
  );
}

/** The item and batch columns of a document line (transfer, count). */
interface ItemBatchRow {
  item_id: number;
  code: string;
  name: string;
  unit: string;
  batch_id: number | null;
  batch: string | null;
}

export interface TransferLineRow extends ItemBatchRow {
  id: number;
  expired_at: string | null;
  quantity: number;
  value: number;
  received: number | null;
  to_item_id: number | null;
}
export async function transferLines(db: Db, transferId: number): Promise<TransferLineRow[]> {
  return queryRows<TransferLineRow>(
    db,
    sql`select l.id, l.item_id, i.code, i.name, i.unit, l.batch_id, b.batch, to_char(b.expired_at, 'YYYY-MM-DD') as expired_at,
          l.quantity, l.value::bigint as value, l.received, l.to_item_id
        from stock_transfer_item l join item i on i.id = l.item_id left join stock_batch b on b.id = l.batch_id
        where l.transfer_id = ${transferId} order by l.id`,
  );
}

/** Whether the branch is the transfer's receiving branch. */
export async function isReceiver(db: Db, transferId: number, branchId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from stock_transfer where id = ${transferId} and to_profile_id = ${branchId}`,
  );
  return rows.length > 0;
}

export async function setTransferLineReceived(
  db: Db,
  lineId: number,
  v: { to_item_id: number; to_batch_id: number | null; received: number },
): Promise<void> {
  await db.execute(
    sql`update stock_transfer_item set to_item_id = ${v.to_item_id}, to_batch_id = ${v.to_batch_id}, received = ${v.received}
        where id = ${lineId}`,
  );
}
export async function setTransferReceived(db: Db, id: number, v: R): Promise<void> {
  await db.execute(
    sql`update stock_transfer set status = ${v.status}, received_at = ${v.received_at}, received_by = ${v.received_by},
          receive_note = ${v.receive_note ?? null}, received_value = ${v.received_value},
          difference_value = ${v.difference_value}, receive_jurnal_code = ${v.receive_jurnal_code ?? null},
          settle_jurnal_code = ${v.settle_jurnal_code ?? null}, updated_at = now()
        where id = ${id} and status = 1`,
  );
}

/** The receiving branch's item of the same code. */
export async function itemByCode(db: Db, profileId: number, code: string): Promise<ItemRow | undefined> {
  const [row] = await queryRows<ItemRow>(
    db,
    sql`select id, profile_id, code, name, unit, track_batch, selling_price::bigint as selling_price, status
        from item where profile_id = ${profileId} and upper(code) = upper(${code})`,
  );
  return row;
}
/**
 * Copies an item of the sending branch into the receiving branch (same code, name, unit, conversion, prices,
 * batch tracking, KFA code; the category is matched by name when the receiving branch has it).
 */
export async function copyItem(db: Db, fromItemId: number, profileId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into item (profile_id, code, name, unit, category_id, purchase_unit, conversion, min_stock, track_batch,
          kfa_code, generic_name, last_purchase_price, selling_price, status)
        select ${profileId}, i.code, i.name, i.unit,
          (select c2.id from item_category c1 join item_category c2 on lower(c2.name) = lower(c1.name)
             and c2.profile_id = ${profileId} where c1.id = i.category_id limit 1),
          i.purchase_unit, i.conversion, 0, i.track_batch, i.kfa_code, i.generic_name, i.last_purchase_price, i.selling_price, 1
        from item i where i.id = ${fromItemId}
        returning id`,
  );
  return row.id;
}

// ------------------------------------------------------------------------------------------------ stock counts

/** A line of the count sheet as read (unit cost in sen); the API's CountSheetLineDto. */
export interface SheetRow extends Omit<CountSheetLineDto, 'item' | 'system'> {
  item_id: number;
  quantity: number;
}
/** What the ledger says is in a warehouse now (rows with quantity 0 of batched items left out). */
export async function countSheet(db: Db, warehouseId: number): Promise<SheetRow[]> {
  return queryRows<SheetRow>(
    db,
    sql`select b.item_id, i.code, i.name, i.unit, c.name as category, b.batch_id, sb.batch,
          to_char(sb.expired_at, 'YYYY-MM-DD') as expired_at, b.quantity,
          case when v.quantity > 0 then round(v.value::numeric / v.quantity)::bigint else i.last_purchase_price / greatest(i.conversion, 1) end as unit_cost
        from stock_balance b join item i on i.id = b.item_id left join item_category c on c.id = i.category_id
        left join stock_batch sb on sb.id = b.batch_id left join stock_valuation v on v.item_id = b.item_id
        where b.warehouse_id = ${warehouseId} and (b.quantity > 0 or b.batch_id is null)
        order by i.name, sb.expired_at nulls first, b.batch_id`,
  );
}
export async function balanceOf(db: Db, warehouseId: number, itemId: number, batchId: number | null): Promise<number> {
  const [row] = await queryRows<{ quantity: number }>(
    db,
    sql`select quantity from stock_balance where warehouse_id = ${warehouseId} and item_id = ${itemId}
        and batch_id is not distinct from ${batchId}`,
  );
  return row ? Number(row.quantity) : 0;
}
export async function unitCost(db: Db, itemId: number): Promise<number> {
  const [row] = await queryRows<{ c: number }>(
    db,
    sql`select coalesce((select case when v.quantity > 0 then round(v.value::numeric / v.quantity)::bigint end
          from stock_valuation v where v.item_id = i.id), i.last_purchase_price / greatest(i.conversion, 1))::bigint as c
        from item i where i.id = ${itemId}`,
  );
  return Number(row?.c ?? 0);
}

export async function threshold(db: Db, profileId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ t: number }>(
    db,
    sql`select adjustment_approval_threshold::bigint as t from inventory_setting where profile_id = ${profileId}`,
  );
  return row ? Number(row.t) : undefined;
}
export async function setThreshold(db: Db, profileId: number, value: number): Promise<void> {
  await db.execute(
    sql`insert into inventory_setting (profile_id, adjustment_approval_threshold) values (${profileId}, ${value})
        on conflict (profile_id) do update set adjustment_approval_threshold = excluded.adjustment_approval_threshold,
          updated_at = now()`,
  );
}

/**
 * What the branch's stock counts of one day already moved (issue 25 finding 7): the absolute value per item and the
 * user's total, over posted counts and those still waiting (not rejected). Taken under a per-branch lock, so two counts
 * at once are judged one after the other.
 */
export async function countedToday(
  db: Db,
  profileId: number,
  day: string,
  userId: number,
  items: number[],
): Promise<{ byItem: Map<number, number>; byUser: number }> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stock_count:${profileId}`}, 7))`);
  const live = sql`c.profile_id = ${profileId} and c.counted_at = ${day}
    and (c.status = 2 or (c.status = 1 and coalesce((select a.status from applog a where a.id = c.applog_id), 0) <> -1))`;
  const rows = items.length
    ? await queryRows<{ item_id: number; v: number }>(
        db,
        sql`select i.item_id, sum(abs(i.value))::bigint as v from stock_count_item i join stock_count c on c.id = i.count_id
            where ${live} and i.item_id in (${sql.join(
              items.map((id) => sql`${id}`),
              sql`, `,
            )}) group by i.item_id`,
      )
    : [];
  const [u] = await queryRows<{ v: number }>(
    db,
    sql`select coalesce(sum(c.loss + c.gain), 0)::bigint as v from stock_count c where ${live} and c.created_by = ${userId}`,
  );
  return { byItem: new Map(rows.map((r) => [Number(r.item_id), Number(r.v)])), byUser: Number(u?.v ?? 0) };
}

export async function insertCount(db: Db, v: R): Promise<{ id: number }> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into stock_count (profile_id, code, warehouse_id, counted_at, reason, status, loss, gain, idempotency_key, created_by)
        values (${v.profile_id}, ${v.code}, ${v.warehouse_id}, ${v.counted_at}, ${v.reason}, ${v.status}, ${v.loss},
          ${v.gain}, ${v.idempotency_key ?? null}, ${v.created_by ?? null})
        returning id`,
  );
  return row;
}
export async function insertCountItem(db: Db, v: R): Promise<void> {
  await db.execute(
    sql`insert into stock_count_item (profile_id, count_id, item_id, batch_id, system, counted, value)
        values (${v.profile_id}, ${v.count_id}, ${v.item_id}, ${v.batch_id ?? null}, ${v.system}, ${v.counted}, ${v.value})`,
  );
}
export async function setCount(db: Db, id: number, v: R): Promise<void> {
  await db.execute(
    sql`update stock_count set status = ${v.status}, loss = coalesce(${v.loss ?? null}, loss), gain = coalesce(${v.gain ?? null}, gain),
          jurnal_code = coalesce(${v.jurnal_code ?? null}, jurnal_code), applog_id = coalesce(${v.applog_id ?? null}::int, applog_id),
          updated_at = now()
        where id = ${id}`,
  );
}

export interface CountRow {
  id: number;
  profile_id: number;
  code: string;
  warehouse_id: number;
  warehouse_name: string;
  counted_at: string;
  reason: string;
  status: number;
  loss: number;
  gain: number;
  jurnal_code: string | null;
  applog_id: number | null;
  created_by_name: string | null;
}
const countSelect = sql`select c.id, c.profile_id, c.code, c.warehouse_id, w.name as warehouse_name,
    to_char(c.counted_at, 'YYYY-MM-DD') as counted_at, c.reason,
    case when c.status = 1 and a.status = -1 then 0 else c.status end as status, c.loss::bigint as loss, c.gain::bigint as gain,
    c.jurnal_code, c.applog_id, u.name as created_by_name
  from stock_count c join warehouse w on w.id = c.warehouse_id left join users u on u.id = c.created_by
  left join applog a on a.id = c.applog_id`;
export async function count(db: Db, id: number, lock = false): Promise<CountRow | undefined> {
  if (lock) await db.execute(sql`select id from stock_count where id = ${id} for update`);
  const [row] = await queryRows<CountRow>(db, sql`${countSelect} where c.id = ${id}`);
  return row;
}
export async function listCounts(
  db: Db,
  scope: BranchScope,
  f: { warehouse?: number; status?: number; keyword?: string },
  page: number,
  limit: number,
): Promise<{ rows: CountRow[]; count: number }> {
  const conds: SQL[] = [scopeSql(sql`c.profile_id`, scope)];
  if (f.warehouse) conds.push(sql`c.warehouse_id = ${f.warehouse}`);
  if (f.status !== undefined) conds.push(sql`c.status = ${f.status}`);
  if (f.keyword)
    conds.push(sql`(lower(c.code) like ${likeOf(f.keyword)} or lower(c.reason) like ${likeOf(f.keyword)})`);
  const where = sql.join(conds, sql` and `);
  return pageRows<CountRow>(
    db,
    sql`${countSelect} where ${where} order by c.counted_at desc, c.id desc limit ${limit} offset ${(page - 1) * limit}`,
    sql`select count(*)::int as n from stock_count c where ${where}`,
  );
}
export interface CountLineRow extends ItemBatchRow {
  system: number;
  counted: number;
  value: number;
}
export async function countLines(db: Db, countId: number): Promise<CountLineRow[]> {
  return queryRows<CountLineRow>(
    db,
    sql`select l.item_id, i.code, i.name, i.unit, l.batch_id, b.batch, l.system, l.counted, l.value::bigint as value
        from stock_count_item l join item i on i.id = l.item_id left join stock_batch b on b.id = l.batch_id
        where l.count_id = ${countId} order by l.id`,
  );
}
