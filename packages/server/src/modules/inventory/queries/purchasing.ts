/** Inventory SQL: purchase orders, their lines and receipts. */
import { sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { queryRows, type Db } from '../../../db/client.js';
import { ids } from './sql-helpers.js';
import type { Row } from '../queries.js';
import { likeOf } from '../../../db/like.js';
import type { PurchaseDto, PurchaseReceiptDto } from '@klinik/shared';

// ------------------------------------------------------------------------------------------------ purchasing

/** A purchase order as read (totals in sen, vendor and warehouse by id); the API's PurchaseDto. */
export interface PurchaseRow extends Omit<PurchaseDto, 'vendor' | 'warehouse' | 'status_label' | 'items'> {
  vendor_id: number;
  warehouse_id: number;
}

const PURCHASE_SELECT = sql`select p.id, p.profile_id, pr.name as branch_name, p.code, p.vendor_id, v.name as vendor_name,
    p.warehouse_id, w.name as warehouse_name, to_char(p.ordered_at, 'YYYY-MM-DD') as ordered_at, p.note,
    p.total::bigint as total, p.status, u.name as created_by_name,
    (select coalesce(sum(r.total), 0) from purchase_receipt r where r.purchase_id = p.id)::bigint as received_total
  from purchase_order p join vendor v on v.id = p.vendor_id join warehouse w on w.id = p.warehouse_id
  join profile pr on pr.id = p.profile_id left join users u on u.id = p.created_by`;

export async function listPurchases(
  db: Db,
  f: {
    scope: BranchScope;
    keyword?: string;
    status?: number;
    vendor?: number;
    from?: string;
    to?: string;
    open: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: PurchaseRow[]; count: number }> {
  const where: SQL[] = [scopeSql(sql`p.profile_id`, f.scope)];
  if (f.status !== undefined) where.push(sql`p.status = ${f.status}`);
  if (f.open) where.push(sql`p.status in (1, 2)`);
  if (f.vendor) where.push(sql`p.vendor_id = ${f.vendor}`);
  if (f.from) where.push(sql`p.ordered_at >= ${f.from}::date`);
  if (f.to) where.push(sql`p.ordered_at <= ${f.to}::date`);
  if (f.keyword) {
    const like = likeOf(f.keyword);
    where.push(sql`(lower(p.code) like ${like} or lower(v.name) like ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<PurchaseRow>(
      db,
      sql`${PURCHASE_SELECT} where ${cond} order by p.ordered_at desc, p.id desc limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from purchase_order p join vendor v on v.id = p.vendor_id where ${cond}`,
    ),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findPurchase(db: Db, id: number): Promise<PurchaseRow | undefined> {
  const [row] = await queryRows<PurchaseRow>(db, sql`${PURCHASE_SELECT} where p.id = ${id}`);
  return row;
}

/** The order, locked until the transaction ends (receipts of one order one after another). */
export async function lockPurchase(db: Db, id: number): Promise<PurchaseRow | undefined> {
  await queryRows(db, sql`select id from purchase_order where id = ${id} for update`);
  return findPurchase(db, id);
}

export async function vendorsByIds(db: Db, list: readonly number[]): Promise<Row[]> {
  if (!list.length) return [];
  return queryRows<Row>(db, sql`select * from vendor where id in (${ids(list)})`);
}

export async function branchOf(db: Db, id: number): Promise<{ name: string; address: string | null } | undefined> {
  const [row] = await queryRows<{ name: string; address: string | null }>(
    db,
    sql`select name, address from profile where id = ${id}`,
  );
  return row;
}

export async function insertPurchase(
  db: Db,
  p: {
    profile_id: number;
    code: string;
    vendor_id: number;
    warehouse_id: number;
    ordered_at: string;
    note: string | null;
    total: number;
    idempotency_key: string | null;
    created_by: number | null;
    lines: { item_id: number; quantity: number; price: number }[];
  },
): Promise<{ id: number }> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into purchase_order (profile_id, code, vendor_id, warehouse_id, ordered_at, note, total, idempotency_key, created_by)
        values (${p.profile_id}, ${p.code}, ${p.vendor_id}, ${p.warehouse_id}, ${p.ordered_at}, ${p.note}, ${p.total},
          ${p.idempotency_key}, ${p.created_by}) returning id`,
  );
  const id = Number(row.id);
  await db.execute(
    sql`insert into purchase_order_item (profile_id, purchase_id, item_id, quantity, price) values ${sql.join(
      p.lines.map((l) => sql`(${p.profile_id}, ${id}, ${l.item_id}, ${l.quantity}, ${l.price})`),
      sql`, `,
    )}`,
  );
  return { id };
}

export interface PurchaseLineRow {
  id: number;
  item_id: number;
  code: string;
  name: string;
  unit: string;
  purchase_unit: string | null;
  conversion: number;
  track_batch: boolean;
  quantity: number;
  price: number;
  received: number;
}

export async function purchaseLines(db: Db, purchaseId: number): Promise<PurchaseLineRow[]> {
  return queryRows<PurchaseLineRow>(
    db,
    sql`select l.id, l.item_id, i.code, i.name, i.unit, i.purchase_unit, i.conversion, i.track_batch, l.quantity,
          l.price::bigint as price, l.received
        from purchase_order_item l join item i on i.id = l.item_id where l.purchase_id = ${purchaseId} order by l.id`,
  );
}

/** A receipt as read (money in sen; no line: items null); the API's PurchaseReceiptDto. */
export interface ReceiptRow extends Omit<PurchaseReceiptDto, 'items'> {
  items: PurchaseReceiptDto['items'] | null;
}

export async function purchaseReceipts(db: Db, purchaseId: number): Promise<ReceiptRow[]> {
  return queryRows<ReceiptRow>(
    db,
    sql`select r.id, r.code, to_char(r.received_at, 'YYYY-MM-DD') as received_at, r.total::bigint as total, r.jurnal_code,
          u.name as created_by_name,
          (select json_agg(json_build_object('item', ri.item_id, 'name', i.name, 'qty', ri.quantity, 'price', ri.price,
              'stock_qty', ri.stock_quantity, 'batch', sb.batch, 'expired_at', to_char(sb.expired_at, 'YYYY-MM-DD'))
              order by ri.id)
            from purchase_receipt_item ri join item i on i.id = ri.item_id left join stock_batch sb on sb.id = ri.batch_id
            where ri.receipt_id = r.id) as items
        from purchase_receipt r left join users u on u.id = r.created_by
        where r.purchase_id = ${purchaseId} order by r.id`,
  );
}

export async function insertReceipt(
  db: Db,
  r: {
    profile_id: number;
    code: string;
    purchase_id: number;
    warehouse_id: number;
    received_at: string;
    note: string | null;
    idempotency_key: string | null;
    created_by: number | null;
  },
): Promise<{ id: number }> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into purchase_receipt (profile_id, code, purchase_id, warehouse_id, received_at, note, idempotency_key, created_by)
        values (${r.profile_id}, ${r.code}, ${r.purchase_id}, ${r.warehouse_id}, ${r.received_at}, ${r.note},
          ${r.idempotency_key}, ${r.created_by}) returning id`,
  );
  return { id: Number(row.id) };
}

export async function insertReceiptItems(
  db: Db,
  lines: {
    profile_id: number;
    receipt_id: number;
    purchase_item_id: number;
    item_id: number;
    batch_id: number | null;
    quantity: number;
    price: number;
    stock_quantity: number;
  }[],
): Promise<void> {
  await db.execute(
    sql`insert into purchase_receipt_item (profile_id, receipt_id, purchase_item_id, item_id, batch_id, quantity, price, stock_quantity)
        values ${sql.join(
          lines.map(
            (l) =>
              sql`(${l.profile_id}, ${l.receipt_id}, ${l.purchase_item_id}, ${l.item_id}, ${l.batch_id}, ${l.quantity}, ${l.price}, ${l.stock_quantity})`,
          ),
          sql`, `,
        )}`,
  );
}

export async function addReceived(db: Db, lineId: number, qty: number): Promise<void> {
  await db.execute(sql`update purchase_order_item set received = received + ${qty} where id = ${lineId}`);
}

/** 3 when every line is received, else 2. */
export async function refreshStatus(db: Db, purchaseId: number): Promise<number> {
  const [row] = await queryRows<{ status: number }>(
    db,
    sql`update purchase_order set status = case when not exists (
          select 1 from purchase_order_item where purchase_id = ${purchaseId} and received < quantity) then 3 else 2 end,
          updated_at = now()
        where id = ${purchaseId} returning status`,
  );
  return Number(row.status);
}

export async function setReceiptTotal(
  db: Db,
  receiptId: number,
  total: number,
  jurnal: { id: number; code: string } | null,
): Promise<void> {
  await db.execute(
    sql`update purchase_receipt set total = ${total}, jurnal_id = ${jurnal?.id ?? null}, jurnal_code = ${jurnal?.code ?? null}
        where id = ${receiptId}`,
  );
}

/** Whether a warehouse still holds stock (any batch with a quantity other than zero). */
