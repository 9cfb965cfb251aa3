/** People, branch, and the visit bill (its head, sources, the cashier's queue, approved discounts). */
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { n, numbered } from './rows.js';
import { likeOf } from '../../../db/like.js';
import type { BranchDto } from '@klinik/shared';

// ------------------------------------------------------------------------------------------ people, branch

export async function findBranch(db: Db, id: number) {
  const [row] = await queryRows<Pick<BranchDto, 'id' | 'name' | 'address' | 'phone' | 'email' | 'logo'>>(
    db,
    sql`select id, name, address, phone, email, logo from profile where id = ${id}`,
  );
  return row;
}

export async function findPatient(db: Db, id: number) {
  const [row] = await queryRows<{
    id: number;
    name: string;
    username: string;
    profile_id: number | null;
    role: number;
  }>(db, sql`select id, name, username, profile_id, role from users where id = ${id}`);
  return row ? { ...row, id: n(row.id) } : undefined;
}

export async function userName(db: Db, id: number): Promise<string> {
  const [row] = await queryRows<{ name: string }>(db, sql`select name from users where id = ${id}`);
  return row?.name ?? '-';
}

// ------------------------------------------------------------------------------------------ visit bills

export interface VisitHead {
  id: number;
  profile_id: number;
  code: string;
  visit_date: string;
  status: string;
  customer_id: number;
  customername: string;
  customerusername: string;
  doctor_id: number;
  doctorname: string;
  record_status: string | null;
}

export async function visitHead(db: Db, id: number): Promise<VisitHead | undefined> {
  const [row] = await queryRows<VisitHead>(
    db,
    sql`select v.id, v.profile_id, v.code, v.visit_date, v.status, v.customer_id, c.name as customername,
          c.username as customerusername, v.doctor_id, d.name as doctorname, r.status as record_status
        from visit v join users c on c.id = v.customer_id join users d on d.id = v.doctor_id
        left join rm_record r on r.visit_id = v.id
        where v.id = ${id}`,
  );
  return row ? numbered(row, 'id', 'profile_id', 'customer_id', 'doctor_id') : undefined;
}

export interface BillSourceRow {
  entry_id: number;
  kind: 'treatment' | 'produk' | 'bhp' | 'resep' | 'lab';
  perawatan_id: number | null;
  item_id: number | null;
  form_lab_id: number | null;
  name: string;
  qty: number;
  price: number;
  doctor_id: number | null;
  doctor_share: number;
  /** A lab form sent outside (form_lab.partner_*): who examines it and its cost per form (sen). */
  partner_type: 'laboratorium' | 'rumahsakit' | null;
  partner_name: string | null;
  /** The outside-party master row (investor of kind laboratorium/rumahsakit), null for a name-only partner. */
  partner_id: number | null;
  partner_cost: number;
}

/**
 * What a finished record bills: the current (not voided) version of its treatments, products, consumables with a
 * price (billed to the patient), prescription items of prescriptions the pharmacy handed over and lab forms, at the
 * prices stored with the record (the prices in force at the visit; a prescription item without one: the item's price).
 */
export async function billSources(db: Db, visitId: number): Promise<BillSourceRow[]> {
  const rows = await queryRows<BillSourceRow>(
    db,
    sql`select e.id as entry_id, e.kind, v.perawatan_id, v.item_id, v.form_lab_id,
          coalesce(p.name, i.name, fl.name, '-') as name, coalesce(v.qty, 1) as qty,
          coalesce(v.price, case when e.kind = 'resep' then i.selling_price end, 0)::text as price,
          v.doctor_id, coalesce(v.doctor_share, 0)::text as doctor_share,
          coalesce(lp.kind, fl.partner_type) as partner_type, coalesce(lp.name, fl.partner_name) as partner_name,
          fl.partner_id, coalesce(fl.partner_cost, 0)::text as partner_cost
        from rm_entry e
        join rm_record r on r.id = e.record_id and r.status = 'finished'
        join rm_entry_head h on h.entry_id = e.id and not h.voided
        join rm_entry_version v on v.id = h.version_id
        left join perawatan p on p.id = v.perawatan_id
        left join item i on i.id = v.item_id
        left join form_lab fl on fl.id = v.form_lab_id
        left join investor lp on lp.id = fl.partner_id
        left join rm_prescription rx on rx.id = e.prescription_id
        where e.visit_id = ${visitId} and e.kind in ('treatment', 'produk', 'bhp', 'resep', 'lab')
          and (e.kind <> 'bhp' or coalesce(v.price, 0) > 0)
          and (e.kind <> 'resep' or rx.pharmacy_status in ('sebagian', 'diserahkan'))
        order by case e.kind when 'treatment' then 1 when 'lab' then 2 when 'produk' then 3 when 'resep' then 4 else 5 end,
          e.id`,
  );
  return rows.map((r) => ({
    ...r,
    entry_id: n(r.entry_id),
    perawatan_id: r.perawatan_id === null ? null : n(r.perawatan_id),
    item_id: r.item_id === null ? null : n(r.item_id),
    form_lab_id: r.form_lab_id === null ? null : n(r.form_lab_id),
    qty: n(r.qty),
    price: n(r.price),
    doctor_id: r.doctor_id === null ? null : n(r.doctor_id),
    doctor_share: n(r.doctor_share),
    partner_id: r.partner_id === null ? null : n(r.partner_id),
    partner_cost: n(r.partner_cost),
  }));
}

/** Visits of the branch whose record is finished, with their payment if any (the cashier's queue). */
export async function billableVisits(
  db: Db,
  scope: BranchScope,
  f: { date?: string; unpaid?: boolean; paystatus?: string; keyword?: string },
) {
  const k = f.keyword ? likeOf(f.keyword) : null;
  const status = sql`coalesce(p.pay_status, 'belum_dibayar')`;
  type Head =
    'id' | 'code' | 'visit_date' | 'status' | 'customer_id' | 'customername' | 'customerusername' | 'doctorname';
  const rows = await queryRows<
    Pick<VisitHead, Head> & {
      payment_id: number | null;
      payment_code: string | null;
      payment_total: string | null;
      payment_paid: string | null;
      payment_outstanding: string | null;
      pay_status: string;
    }
  >(
    db,
    sql`select v.id, v.code, v.visit_date, v.status, v.customer_id, c.name as customername, c.username as customerusername,
          d.name as doctorname, p.payment_id, p.code as payment_code, p.total::text as payment_total,
          p.paid::text as payment_paid, p.outstanding::text as payment_outstanding, ${status} as pay_status
        from visit v join rm_record r on r.visit_id = v.id and r.status = 'finished'
        join users c on c.id = v.customer_id join users d on d.id = v.doctor_id
        left join kasir_visit_pay_status p on p.visit_id = v.id
        where ${scopeSql(sql`v.profile_id`, scope)}
          ${f.date ? sql`and v.visit_date = ${f.date}` : sql``}
          ${f.unpaid ? sql`and p.payment_id is null` : sql``}
          ${f.paystatus ? sql`and ${status} = ${f.paystatus}` : sql``}
          ${k ? sql`and (lower(c.name) like ${k} or lower(c.username) like ${k} or lower(v.code) like ${k})` : sql``}
        order by v.visit_date desc, v.id desc limit 200`,
  );
  return rows.map((r) => ({
    ...r,
    id: n(r.id),
    customer_id: n(r.customer_id),
    payment_id: r.payment_id === null ? null : n(r.payment_id),
    payment_total: n(r.payment_total),
    payment_paid: n(r.payment_paid),
    payment_outstanding: n(r.payment_outstanding),
  }));
}

/**
 * The largest discount (sen) an approved kasir.discount request granted for this visit that no payment has used
 * yet (a void payment keeps its approval: an approval is used once, issue 25), with its id; 0 and null if none.
 */
export async function approvedDiscount(
  db: Db,
  profileId: number,
  visitId: number,
): Promise<{ sen: number; applogId: number | null }> {
  const [row] = await queryRows<{ id: number; m: string }>(
    db,
    sql`select a.id, (a.payload->>'discount_sen')::bigint::text as m from applog a
        where a.profile_id = ${profileId} and a.kind = 'request' and a.action = 'kasir.discount' and a.entity = 'visit'
          and a.entity_id = ${visitId} and a.status = 1
          and not exists (select 1 from kasir_payment p where p.discount_applog_id = a.id)
        order by (a.payload->>'discount_sen')::bigint desc, a.id
        limit 1`,
  );
  return row ? { sen: n(row.m), applogId: n(row.id) } : { sen: 0, applogId: null };
}
