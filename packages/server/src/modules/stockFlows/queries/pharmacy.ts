/** Stock flows SQL: the pharmacy (prescriptions to dispense, dispensing, its sales list) and the record's BHP lines. */
import { sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { queryRows, type Db } from '../../../db/client.js';
import { ids, type R } from './sql-helpers.js';
import { likeOf } from '../../../db/like.js';
import type { ResepDto, ResepLineDto } from '@klinik/shared';

// ------------------------------------------------------------------------------------------------ pharmacy

/** A prescription as read: the API's ResepDto's own columns and its branch. */
export interface ResepRow extends Omit<
  ResepDto,
  'pharmacy_status' | 'status_label' | 'items' | 'dispensings' | 'allergies'
> {
  profile_id: number;
  pharmacy_status: string;
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

/** A prescription line as read (price in sen); the API's ResepLineDto without what the pharmacy's stock adds. */
export interface ResepLineRow extends Omit<ResepLineDto, 'item' | 'remaining' | 'available'> {
  item_id: number;
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
