import { sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { queryRows, type Db } from '../../db/client.js';

/**
 * The stock flows module's only SQL (transfers, stock counts, dispensing). Lists take the branch scope; single
 * rows are read after the service checked them with requireAccess / requireReference. Money columns are sen.
 */

type R = Record<string, unknown>;

export function likeOf(s: string): string {
  return `%${s.replace(/[\\%_]/g, (m) => '\\' + m).toLowerCase()}%`;
}
const ids = (list: readonly number[]) => sql.join(list.length ? list.map((i) => sql`${i}`) : [sql`-1`], sql`, `);

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

export interface ItemRow {
  id: number;
  profile_id: number;
  code: string;
  name: string;
  unit: string;
  track_batch: boolean;
  selling_price: number;
  status: number;
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

export interface TransferRow {
  id: number;
  code: string;
  profile_id: number;
  from_branch: string;
  to_profile_id: number;
  to_branch: string;
  from_warehouse_id: number;
  from_warehouse_name: string;
  to_warehouse_id: number;
  to_warehouse_name: string;
  sent_at: string;
  received_at: string | null;
  status: number;
  note: string | null;
  receive_note: string | null;
  value: number;
  received_value: number | null;
  difference_value: number | null;
  created_by_name: string | null;
  received_by_name: string | null;
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
  const [rows, [n]] = await Promise.all([
    queryRows<TransferRow>(
      db,
      sql`${transferSelect} where ${where} order by t.sent_at desc, t.id desc limit ${limit} offset ${(page - 1) * limit}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from stock_transfer t where ${where}`),
  ]);
  return { rows, count: n?.n ?? 0 };
}

export interface TransferLineRow {
  id: number;
  item_id: number;
  code: string;
  name: string;
  unit: string;
  batch_id: number | null;
  batch: string | null;
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

export interface SheetRow {
  item_id: number;
  code: string;
  name: string;
  unit: string;
  category: string | null;
  batch_id: number | null;
  batch: string | null;
  expired_at: string | null;
  quantity: number;
  unit_cost: number;
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
  const [rows, [n]] = await Promise.all([
    queryRows<CountRow>(
      db,
      sql`${countSelect} where ${where} order by c.counted_at desc, c.id desc limit ${limit} offset ${(page - 1) * limit}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from stock_count c where ${where}`),
  ]);
  return { rows, count: n?.n ?? 0 };
}
export interface CountLineRow {
  item_id: number;
  code: string;
  name: string;
  unit: string;
  batch_id: number | null;
  batch: string | null;
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

// ------------------------------------------------------------------------------------------------ pharmacy

export interface ResepRow {
  id: number;
  profile_id: number;
  code: string;
  visit_id: number;
  customer_id: number;
  customer_name: string;
  doctor_name: string;
  note: string | null;
  pharmacy_status: string;
  created_at: string;
}
const resepSelect = sql`select p.id, p.profile_id, p.code, p.visit_id, p.customer_id, c.name as customer_name,
    d.name as doctor_name, p.note, p.pharmacy_status, p.created_at
  from rm_prescription p join users c on c.id = p.customer_id join users d on d.id = p.doctor_id`;

export async function resep(db: Db, id: number, lock = false): Promise<ResepRow | undefined> {
  if (lock) await db.execute(sql`select id from rm_prescription where id = ${id} for update`);
  const [row] = await queryRows<ResepRow>(db, sql`${resepSelect} where p.id = ${id}`);
  return row;
}
export async function listResep(
  db: Db,
  scope: BranchScope,
  f: { status: string; from?: string | null; to?: string | null; keyword?: string },
  page: number,
  limit: number,
): Promise<{ rows: ResepRow[]; count: number }> {
  const conds: SQL[] = [scopeSql(sql`p.profile_id`, scope)];
  if (f.status === 'antri') conds.push(sql`p.pharmacy_status in ('menunggu', 'sebagian')`);
  else if (f.status !== 'semua') conds.push(sql`p.pharmacy_status = ${f.status}`);
  if (f.from) conds.push(sql`p.created_at >= ${f.from}::date`);
  if (f.to) conds.push(sql`p.created_at < ${f.to}::date + 1`);
  if (f.keyword) conds.push(sql`(lower(p.code) like ${likeOf(f.keyword)} or lower(c.name) like ${likeOf(f.keyword)})`);
  const where = sql.join(conds, sql` and `);
  const [rows, [n]] = await Promise.all([
    queryRows<ResepRow>(
      db,
      sql`${resepSelect} where ${where} order by p.created_at, p.id limit ${limit} offset ${(page - 1) * limit}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rm_prescription p join users c on c.id = p.customer_id where ${where}`,
    ),
  ]);
  return { rows, count: n?.n ?? 0 };
}

export interface ResepLineRow {
  id: number;
  item_id: number;
  code: string;
  name: string;
  unit: string;
  qty: number;
  signa: string | null;
  price: number;
  dispensed: number;
  generic_name: string | null;
  /** The prescriber's reason for a drug matching a recorded allergy. */
  allergy_override: string | null;
}
/** The prescription's current, not voided items with what was already handed over. */
export async function resepLines(db: Db, prescriptionId: number): Promise<ResepLineRow[]> {
  return queryRows<ResepLineRow>(
    db,
    sql`select e.id, v.item_id, i.code, i.name, i.unit, v.qty, v.signa, i.generic_name, v.allergy_override,
          coalesce(v.price, i.selling_price)::bigint as price,
          coalesce((select sum(d.quantity) from dispensing_item d where d.resep_entry_id = e.id), 0)::int as dispensed
        from rm_entry e join rm_entry_head h on h.entry_id = e.id join rm_entry_version v on v.id = h.version_id
        join item i on i.id = v.item_id
        where e.prescription_id = ${prescriptionId} and e.kind = 'resep' and not h.voided
        order by e.id`,
  );
}

/** Unexpired quantity per item in a warehouse. */
export async function availableIn(
  db: Db,
  warehouseId: number,
  itemIds: readonly number[],
  today: string,
): Promise<Map<number, number>> {
  const rows = await queryRows<{ item_id: number; q: number }>(
    db,
    sql`select b.item_id, sum(b.quantity)::int as q from stock_balance b left join stock_batch sb on sb.id = b.batch_id
        where b.warehouse_id = ${warehouseId} and b.item_id in (${ids(itemIds)})
          and (sb.expired_at is null or sb.expired_at > ${today}::date)
        group by b.item_id`,
  );
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.q)]));
}

export async function insertDispensing(db: Db, v: R): Promise<{ id: number }> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into dispensing (id, profile_id, code, prescription_id, visit_id, warehouse_id, dispensed_at, note, jurnal_code,
          idempotency_key, created_by)
        values (${v.id}, ${v.profile_id}, ${v.code}, ${v.prescription_id}, ${v.visit_id}, ${v.warehouse_id}, ${v.dispensed_at},
          ${v.note ?? null}, ${v.jurnal_code ?? null}, ${v.idempotency_key ?? null}, ${v.created_by ?? null})
        returning id`,
  );
  return row;
}
export async function insertDispensingItem(db: Db, v: R): Promise<void> {
  await db.execute(
    sql`insert into dispensing_item (profile_id, dispensing_id, prescription_id, resep_entry_id, prescribed_item_id, item_id,
          reason, allergy_override, batch_id, quantity, price, cost)
        values (${v.profile_id}, ${v.dispensing_id}, ${v.prescription_id}, ${v.resep_entry_id}, ${v.prescribed_item_id},
          ${v.item_id}, ${v.reason ?? null}, ${v.allergy_override ?? null}, ${v.batch_id ?? null}, ${v.quantity},
          ${v.price}, ${v.cost})`,
  );
}
export async function setPharmacyStatus(db: Db, prescriptionId: number, status: string): Promise<void> {
  await db.execute(
    sql`update rm_prescription set pharmacy_status = ${status}, updated_at = now()
        where id = ${prescriptionId} and pharmacy_status <> ${status}`,
  );
}

export interface DispensingRow {
  id: number;
  code: string;
  prescription_id: number;
  warehouse_id: number;
  warehouse_name: string;
  dispensed_at: string;
  jurnal_code: string | null;
  created_by_name: string | null;
}
export async function dispensings(db: Db, where: { prescription?: number; id?: number }): Promise<DispensingRow[]> {
  const cond = where.id ? sql`d.id = ${where.id}` : sql`d.prescription_id = ${where.prescription ?? -1}`;
  return queryRows<DispensingRow>(
    db,
    sql`select d.id, d.code, d.prescription_id, d.warehouse_id, w.name as warehouse_name,
          to_char(d.dispensed_at, 'YYYY-MM-DD') as dispensed_at, d.jurnal_code, u.name as created_by_name
        from dispensing d join warehouse w on w.id = d.warehouse_id left join users u on u.id = d.created_by
        where ${cond} order by d.id`,
  );
}
export interface DispensingLineRow {
  dispensing_id: number;
  resep_entry_id: number;
  item_id: number;
  code: string;
  name: string;
  unit: string;
  batch: string | null;
  expired_at: string | null;
  quantity: number;
  price: number;
  cost: number;
  prescribed_item_id: number;
  prescribed_name: string;
  reason: string | null;
  allergy_override: string | null;
}
export async function dispensingLines(
  db: Db,
  where: { dispensings?: readonly number[]; visit?: number },
): Promise<DispensingLineRow[]> {
  const cond = where.visit
    ? sql`d.visit_id = ${where.visit}`
    : sql`l.dispensing_id in (${ids(where.dispensings ?? [])})`;
  return queryRows<DispensingLineRow>(
    db,
    sql`select l.dispensing_id, l.resep_entry_id, l.item_id, i.code, i.name, i.unit, b.batch,
          to_char(b.expired_at, 'YYYY-MM-DD') as expired_at, l.quantity, l.price::bigint as price, l.cost::bigint as cost,
          l.prescribed_item_id, pi.name as prescribed_name, l.reason, l.allergy_override
        from dispensing_item l join dispensing d on d.id = l.dispensing_id join item i on i.id = l.item_id
        join item pi on pi.id = l.prescribed_item_id left join stock_batch b on b.id = l.batch_id
        where ${cond} order by l.id`,
  );
}

export interface SalesRow {
  id: number;
  moved_at: string;
  kind: 'sale' | 'dispense';
  source_kind: string;
  source_id: number;
  document: string | null;
  customer_name: string | null;
  /** The prescription's patient and visit (dispensing rows only): the read trail of who saw them. */
  customer_id: number | null;
  visit_id: number | null;
  profile_id: number;
  warehouse_id: number;
  warehouse_name: string;
  item_id: number;
  code: string;
  name: string;
  unit: string;
  batch: string | null;
  quantity: number;
  value: number;
  price: number | null;
}
export async function listSales(
  db: Db,
  scope: BranchScope,
  f: { from?: string | null; to?: string | null; warehouse?: number; item?: number; kind?: string; keyword?: string },
  page: number,
  limit: number,
): Promise<{ rows: SalesRow[]; count: number }> {
  const conds: SQL[] = [scopeSql(sql`m.profile_id`, scope), sql`m.kind in ('sale', 'dispense')`];
  if (f.from) conds.push(sql`m.moved_at >= ${f.from}`);
  if (f.to) conds.push(sql`m.moved_at <= ${f.to}`);
  if (f.warehouse) conds.push(sql`m.warehouse_id = ${f.warehouse}`);
  if (f.item) conds.push(sql`m.item_id = ${f.item}`);
  if (f.kind) conds.push(sql`m.kind = ${f.kind}`);
  if (f.keyword)
    conds.push(
      sql`(lower(i.name) like ${likeOf(f.keyword)} or lower(i.code) like ${likeOf(f.keyword)} or lower(coalesce(d.code, '')) like ${likeOf(f.keyword)})`,
    );
  const where = sql.join(conds, sql` and `);
  const from = sql`from stock_movement m join item i on i.id = m.item_id join warehouse w on w.id = m.warehouse_id
    left join stock_batch b on b.id = m.batch_id
    left join dispensing d on m.source_kind = 'dispensing' and d.id = m.source_id
    left join rm_prescription p on p.id = d.prescription_id left join users c on c.id = p.customer_id`;
  const [rows, [n]] = await Promise.all([
    queryRows<SalesRow>(
      db,
      sql`select m.id, to_char(m.moved_at, 'YYYY-MM-DD') as moved_at, m.kind, m.source_kind, m.source_id, d.code as document,
            c.name as customer_name, p.customer_id, p.visit_id, m.profile_id, m.warehouse_id, w.name as warehouse_name, m.item_id, i.code, i.name, i.unit, b.batch,
            -m.quantity as quantity, -m.value::bigint as value,
            (select di.price from dispensing_item di where di.dispensing_id = d.id and di.item_id = m.item_id
               and di.batch_id is not distinct from m.batch_id limit 1)::bigint as price
          ${from} where ${where} order by m.moved_at desc, m.id desc limit ${limit} offset ${(page - 1) * limit}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${where}`),
  ]);
  return { rows, count: n?.n ?? 0 };
}

// ------------------------------------------------------------------------------------------------ BHP

export interface BhpLineRow {
  entry_id: number;
  item_id: number;
  qty: number;
  used: number;
}
/** Consumables (BHP) of a record, current and not voided, with what already left stock for each. */
export async function bhpLines(db: Db, recordId: number): Promise<BhpLineRow[]> {
  return queryRows<BhpLineRow>(
    db,
    sql`select e.id as entry_id, v.item_id, v.qty,
          coalesce((select -sum(m.quantity) from stock_movement m where m.source_kind = 'rm_bhp' and m.source_id = e.id), 0)::int as used
        from rm_entry e join rm_entry_head h on h.entry_id = e.id join rm_entry_version v on v.id = h.version_id
        where e.record_id = ${recordId} and e.kind = 'bhp' and not h.voided order by e.id`,
  );
}
/** A record's visit, as people name it in a journal: its code and patient. */
export async function recordVisitLabel(db: Db, recordId: number): Promise<string> {
  const [row] = await queryRows<{ code: string; name: string; username: string }>(
    db,
    sql`select v.code, c.name, c.username from rm_record r join visit v on v.id = r.visit_id
        join users c on c.id = v.customer_id where r.id = ${recordId}`,
  );
  return row ? `${row.code} - ${row.name} (${row.username})` : '';
}
export async function recordOf(db: Db, recordId: number): Promise<{ id: number; profile_id: number } | undefined> {
  const [row] = await queryRows<{ id: number; profile_id: number }>(
    db,
    sql`select id, profile_id from rm_record where id = ${recordId}`,
  );
  return row;
}

/** The id of the next dispensing, reserved before its stock moves (the ledger rows point at it). */
export async function nextDispensingId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`select nextval('dispensing_id_seq')::int as id`);
  return row.id;
}
