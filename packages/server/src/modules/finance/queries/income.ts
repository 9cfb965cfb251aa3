/**
 * SQL of the income reports (read-only): the till's documents (kasir_payment and its voids), the packages sold
 * (paket_membership), the lab forms of the record and the ledger's revenue accounts. Amounts in sen.
 *
 * A payment counts on its paid date, its void counts negative on the void date: exactly when its journal and its
 * reversal journal hit the ledger, so the documents and the revenue accounts agree for any range.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { containing } from '../../../db/like.js';

const n = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

export interface Range {
  scope: BranchScope;
  from: string;
  to: string;
}

/** The line kinds that are revenue (cicilan and pelunasan lines settle receivables). */
export const REVENUE_LINE_KINDS = ['treatment', 'lab', 'product', 'resep', 'bhp', 'item'] as const;
const revenueKinds = sql.raw(REVENUE_LINE_KINDS.map((k) => `'${k}'`).join(', '));

/** Till documents of the range: payments on their day (+1), voids on theirs (-1). */
function events(r: Range, kinds: SQL): SQL {
  return sql`select p.id as payment_id, p.paid_date as day, 1 as sign, false as is_void
      from kasir_payment p
      where ${scopeSql(sql`p.profile_id`, r.scope)} and p.kind in (${kinds})
        and p.paid_date >= ${r.from} and p.paid_date <= ${r.to}
    union all
    select p.id, v.voided_date, -1, true
      from kasir_void v join kasir_payment p on p.id = v.payment_id
      where ${scopeSql(sql`p.profile_id`, r.scope)} and p.kind in (${kinds})
        and v.voided_date >= ${r.from} and v.voided_date <= ${r.to}`;
}
const tillKinds = sql`'visit', 'sales'`;

export interface ProcedureRow {
  key: string;
  code: string;
  name: string;
  qty: number;
  covered_qty: number;
  gross: number;
  discount: number;
  doctor_share: number;
}

/** Medical procedures billed at the till (treatment lines), per procedure of the master. */
export async function procedures(db: Db, r: Range, doctor?: number, keyword?: string): Promise<ProcedureRow[]> {
  const rows = await queryRows<Record<keyof ProcedureRow, string>>(
    db,
    sql`with ev as (${events(r, sql`'visit'`)})
      select coalesce('p' || pr.id::text, 'n' || l.name) as key, coalesce(pr.code, '-') as code,
        coalesce(pr.name, l.name) as name,
        sum(case when l.covered_by_paket is null then ev.sign * l.qty else 0 end)::text as qty,
        sum(case when l.covered_by_paket is null then 0 else ev.sign * l.qty end)::text as covered_qty,
        sum(case when l.covered_by_paket is null then ev.sign * l.price * l.qty else 0 end)::text as gross,
        sum(ev.sign * l.discount)::text as discount,
        sum(ev.sign * l.doctor_share)::text as doctor_share
      from ev
      join kasir_payment_line l on l.payment_id = ev.payment_id and l.kind = 'treatment'
      join kasir_payment p on p.id = ev.payment_id
      left join visit vi on vi.id = p.visit_id
      left join rm_entry_head h on h.entry_id = l.ref_id
      left join rm_entry_version ver on ver.id = h.version_id
      left join perawatan pr on pr.id = ver.perawatan_id
      where ${doctor ? sql`coalesce(l.doctor_id, vi.doctor_id) = ${doctor}` : sql`true`}
        ${keyword ? sql`and (coalesce(pr.name, l.name) ilike ${containing(keyword)} or pr.code ilike ${containing(keyword)})` : sql``}
      group by 1, 2, 3
      order by 3, 1`,
  );
  return rows.map((x) => ({
    key: x.key,
    code: x.code,
    name: x.name,
    qty: n(x.qty),
    covered_qty: n(x.covered_qty),
    gross: n(x.gross),
    discount: n(x.discount),
    doctor_share: n(x.doctor_share),
  }));
}

export interface ServiceKindRow {
  kind: string;
  qty: number;
  covered_qty: number;
  gross: number;
  line_discount: number;
}

/** Revenue lines of the till per line kind (the services the clinic bills). */
export async function serviceKinds(db: Db, r: Range, doctor?: number): Promise<ServiceKindRow[]> {
  const rows = await queryRows<Record<keyof ServiceKindRow, string>>(
    db,
    sql`with ev as (${events(r, tillKinds)})
      select l.kind,
        sum(case when l.covered_by_paket is null then ev.sign * l.qty else 0 end)::text as qty,
        sum(case when l.covered_by_paket is null then 0 else ev.sign * l.qty end)::text as covered_qty,
        sum(case when l.covered_by_paket is null then ev.sign * l.price * l.qty else 0 end)::text as gross,
        sum(ev.sign * l.discount)::text as line_discount
      from ev
      join kasir_payment_line l on l.payment_id = ev.payment_id and l.kind in (${revenueKinds})
      join kasir_payment p on p.id = ev.payment_id
      left join visit vi on vi.id = p.visit_id
      where ${doctor ? sql`coalesce(l.doctor_id, vi.doctor_id) = ${doctor}` : sql`true`}
      group by l.kind`,
  );
  return rows.map((x) => ({
    kind: x.kind,
    qty: n(x.qty),
    covered_qty: n(x.covered_qty),
    gross: n(x.gross),
    line_discount: n(x.line_discount),
  }));
}

/** Discounts of the till's documents (Potongan Penjualan: the payment's discount, signed by event). */
export async function tillDiscount(db: Db, r: Range, doctor?: number): Promise<number> {
  const rows = await queryRows<{ discount: string | null }>(
    db,
    sql`with ev as (${events(r, tillKinds)})
      select sum(ev.sign * p.discount)::text as discount
      from ev join kasir_payment p on p.id = ev.payment_id
      left join visit vi on vi.id = p.visit_id
      where ${doctor ? sql`vi.doctor_id = ${doctor}` : sql`true`}`,
  );
  return n(rows[0]?.discount);
}

export interface DocumentRow {
  key: string;
  payment_id: number;
  day: string;
  code: string;
  kind: string;
  is_void: boolean;
  patient: string | null;
  doctor: string | null;
  /** The document's branch (the Backoffice page shows it). */
  branch: string | null;
  gross: number;
  discount: number;
  doctor_share: number;
}

function documentsSql(r: Range, doctor?: number, keyword?: string): SQL {
  return sql`with ev as (${events(r, tillKinds)})
    select ev.payment_id, ev.day, ev.sign, ev.is_void, p.code, p.kind, c.name as patient, d.name as doctor,
      b.name as branch,
      ev.sign * coalesce((select sum(l.price * l.qty) from kasir_payment_line l
        where l.payment_id = p.id and l.kind in (${revenueKinds}) and l.covered_by_paket is null), 0) as gross,
      ev.sign * p.discount as discount,
      ev.sign * coalesce((select sum(l.doctor_share) from kasir_payment_line l where l.payment_id = p.id), 0)
        as doctor_share
    from ev join kasir_payment p on p.id = ev.payment_id
    left join visit vi on vi.id = p.visit_id
    left join users c on c.id = p.customer_id
    left join users d on d.id = vi.doctor_id
    left join profile b on b.id = p.profile_id
    where ${doctor ? sql`vi.doctor_id = ${doctor}` : sql`true`}
      ${keyword ? sql`and (p.code ilike ${containing(keyword)} or c.name ilike ${containing(keyword)} or c.username ilike ${containing(keyword)})` : sql``}`;
}

/** The till's documents of the range (a visit's bill or a general sale), one row per payment and per void. */
export async function documents(
  db: Db,
  r: Range,
  f: { doctor?: number; keyword?: string; limit: number; offset: number },
): Promise<DocumentRow[]> {
  const rows = await queryRows<Record<string, string | boolean | null>>(
    db,
    sql`select * from (${documentsSql(r, f.doctor, f.keyword)}) x
      order by day, code, is_void limit ${f.limit} offset ${f.offset}`,
  );
  return rows.map((x) => ({
    key: `${String(x.payment_id)}${x.is_void ? 'v' : ''}`,
    payment_id: n(x.payment_id as string),
    day: String(x.day),
    code: String(x.code),
    kind: String(x.kind),
    is_void: x.is_void === true,
    patient: (x.patient as string | null) ?? null,
    doctor: (x.doctor as string | null) ?? null,
    branch: (x.branch as string | null) ?? null,
    gross: n(x.gross as string),
    discount: n(x.discount as string),
    doctor_share: n(x.doctor_share as string),
  }));
}

export async function documentTotals(
  db: Db,
  r: Range,
  f: { doctor?: number; keyword?: string },
): Promise<{ count: number; gross: number; discount: number; doctor_share: number }> {
  const rows = await queryRows<Record<string, string | null>>(
    db,
    sql`select count(*)::text as count, sum(gross)::text as gross, sum(discount)::text as discount,
        sum(doctor_share)::text as doctor_share
      from (${documentsSql(r, f.doctor, f.keyword)}) x`,
  );
  const x = rows[0] ?? {};
  return { count: n(x.count), gross: n(x.gross), discount: n(x.discount), doctor_share: n(x.doctor_share) };
}

export interface PaketRow {
  key: string;
  code: string;
  name: string;
  sold_count: number;
  sold_value: number;
  collected: number;
  slots_total: number;
  slots_used: number;
  recognized: number;
  price_to_date: number;
  recognized_to_date: number;
}

/**
 * Per package: memberships sold in the range (count, price), instalments collected in the range (the till's
 * instalment payments less their voids), package slots used at the till in the range (less voids), the revenue the
 * ledger recognised from the memberships' own journals in the range, and what stays deferred at `to` (price of every
 * membership sold up to `to` less the revenue recognised from it up to `to`).
 */
export async function pakets(db: Db, r: Range, doctor?: number, keyword?: string): Promise<PaketRow[]> {
  const byDoctor = doctor ? sql`m.doctor_id = ${doctor}` : sql`true`;
  const rows = await queryRows<Record<keyof PaketRow, string>>(
    db,
    sql`with m as (
        select m.id, m.price, m.registered_at, ph.paket_id, m.profile_id
        from paket_membership m join paket_history ph on ph.id = m.paket_history_id
        where ${scopeSql(sql`m.profile_id`, r.scope)} and m.registered_at <= ${r.to} and ${byDoctor}
      ),
      sold as (
        select paket_id, count(*) as sold_count, sum(price) as sold_value, 0::bigint as collected,
          0::bigint as slots_used, 0::bigint as recognized, 0::bigint as price_to_date, 0::bigint as recognized_to_date,
          0::bigint as slots_total
        from m where registered_at >= ${r.from} group by paket_id
      ),
      todate as (
        select paket_id, 0, 0, 0, 0, 0, sum(price), 0, 0 from m group by paket_id
      ),
      slots as (
        select m.paket_id, 0, 0, 0, 0, 0, 0, 0, sum(s.free_slot)
        from m join paket_membership_slot s on s.membership_id = m.id group by m.paket_id
      ),
      ev as (${events(r, sql`'cicilan'`)}),
      coll as (
        select m.paket_id, 0, 0, sum(ev.sign * p.paid), 0, 0, 0, 0, 0
        from ev join kasir_payment p on p.id = ev.payment_id join m on m.id = p.membership_id group by m.paket_id
      ),
      evv as (${events(r, tillKinds)}),
      used as (
        select m.paket_id, 0, 0, 0, sum(evv.sign * l.qty), 0, 0, 0, 0
        from evv join kasir_payment_line l on l.payment_id = evv.payment_id and l.covered_by_paket is not null
        join paket_membership_slot s on s.id = l.covered_by_paket join m on m.id = s.membership_id
        group by m.paket_id
      ),
      rec as (
        select m.paket_id, 0, 0, 0, 0,
          sum(case when d.transaction_at >= ${r.from} then d.credit - d.debit else 0 end), 0,
          sum(d.credit - d.debit), 0
        from m join jurnal j on j.source_type = 'paket_membership' and j.source_id = m.id::text
        join jurnal_detail d on d.jurnal_id = j.id and d.transaction_at <= ${r.to}
        join akun a on a.id = d.akun_id and a.category = 4
        group by m.paket_id
      ),
      allx as (
        select * from sold union all select * from todate union all select * from slots union all select * from coll
        union all select * from used union all select * from rec
      )
      select 'k' || allx.paket_id::text as key, ph.code, ph.name,
        sum(sold_count)::text as sold_count, sum(sold_value)::text as sold_value, sum(collected)::text as collected,
        sum(slots_total)::text as slots_total, sum(slots_used)::text as slots_used, sum(recognized)::text as recognized,
        sum(price_to_date)::text as price_to_date, sum(recognized_to_date)::text as recognized_to_date
      from allx join paket_history ph on ph.paket_id = allx.paket_id and ph.is_current
      where ${keyword ? sql`(ph.name ilike ${containing(keyword)} or ph.code ilike ${containing(keyword)})` : sql`true`}
      group by allx.paket_id, ph.code, ph.name
      order by ph.name, allx.paket_id`,
  );
  return rows.map((x) => ({
    key: x.key,
    code: x.code,
    name: x.name,
    sold_count: n(x.sold_count),
    sold_value: n(x.sold_value),
    collected: n(x.collected),
    slots_total: n(x.slots_total),
    slots_used: n(x.slots_used),
    recognized: n(x.recognized),
    price_to_date: n(x.price_to_date),
    recognized_to_date: n(x.recognized_to_date),
  }));
}

export interface PendingLabRow {
  key: string;
  day: string;
  visit_code: string;
  patient: string;
  doctor: string;
  code: string;
  name: string;
  qty: number;
  price: number;
  status: string;
}

function pendingLabSql(r: Range, doctor?: number, keyword?: string): SQL {
  return sql`select e.id, vi.visit_date as day, vi.code as visit_code, c.name as patient, d.name as doctor,
      fl.code, fl.name, ver.qty, ver.price, coalesce(ps.pay_status, 'belum_dibayar') as status
    from rm_entry e
    join rm_record r on r.id = e.record_id and r.status = 'finished'
    join rm_entry_head h on h.entry_id = e.id and not h.voided
    join rm_entry_version ver on ver.id = h.version_id
    join form_lab fl on fl.id = ver.form_lab_id
    join visit vi on vi.id = e.visit_id
    join users c on c.id = vi.customer_id
    join users d on d.id = vi.doctor_id
    left join kasir_visit_pay_status ps on ps.visit_id = vi.id
    where e.kind = 'lab' and ${scopeSql(sql`vi.profile_id`, r.scope)}
      and vi.visit_date >= ${r.from} and vi.visit_date <= ${r.to}
      and coalesce(ps.pay_status, 'belum_dibayar') <> 'lunas'
      ${doctor ? sql`and vi.doctor_id = ${doctor}` : sql``}
      ${keyword ? sql`and (fl.name ilike ${containing(keyword)} or vi.code ilike ${containing(keyword)} or c.name ilike ${containing(keyword)})` : sql``}`;
}

/** Lab forms of finished records (billed) whose visit bill is not paid in full, one row per form ordered. */
export async function pendingLab(
  db: Db,
  r: Range,
  f: { doctor?: number; keyword?: string; limit: number; offset: number },
): Promise<PendingLabRow[]> {
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`select * from (${pendingLabSql(r, f.doctor, f.keyword)}) x order by day, visit_code, id
      limit ${f.limit} offset ${f.offset}`,
  );
  return rows.map((x) => ({
    key: String(x.id),
    day: String(x.day),
    visit_code: x.visit_code,
    patient: x.patient,
    doctor: x.doctor,
    code: x.code,
    name: x.name,
    qty: n(x.qty),
    price: n(x.price),
    status: x.status,
  }));
}

export async function pendingLabTotals(
  db: Db,
  r: Range,
  f: { doctor?: number; keyword?: string },
): Promise<{ count: number; qty: number; amount: number }> {
  const rows = await queryRows<Record<string, string | null>>(
    db,
    sql`select count(*)::text as count, sum(qty)::text as qty, sum(qty * price)::text as amount
      from (${pendingLabSql(r, f.doctor, f.keyword)}) x`,
  );
  const x = rows[0] ?? {};
  return { count: n(x.count), qty: n(x.qty), amount: n(x.amount) };
}

/** Movement of the revenue accounts (category 4, detail) in the range, closing journals left out. */
export async function ledgerRevenue(
  db: Db,
  r: Range,
): Promise<{ akun_id: number; code: string; name: string; amount: number }[]> {
  const rows = await queryRows<{ akun_id: number; code: string; name: string; amount: string }>(
    db,
    sql`select a.id as akun_id, a.code, a.name, sum(d.credit - d.debit)::text as amount
      from jurnal_detail d
      join akun a on a.id = d.akun_id and a.category = 4
      join jurnal j on j.id = d.jurnal_id and j.kind <> 'closing'
      where ${scopeSql(sql`d.profile_id`, r.scope)} and d.transaction_at >= ${r.from} and d.transaction_at <= ${r.to}
      group by a.id, a.code, a.name
      order by a.code`,
  );
  return rows.map((x) => ({ akun_id: n(x.akun_id), code: x.code, name: x.name, amount: n(x.amount) }));
}

/** Doctors with a visit or a package sold in the range and branches (the doctor filter's choices). */
export async function doctorsOf(db: Db, r: Range): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select u.id, u.name from users u where u.id in (
        select vi.doctor_id from visit vi
        where ${scopeSql(sql`vi.profile_id`, r.scope)} and vi.visit_date >= ${r.from} and vi.visit_date <= ${r.to}
        union
        select m.doctor_id from paket_membership m
        where ${scopeSql(sql`m.profile_id`, r.scope)} and m.registered_at >= ${r.from} and m.registered_at <= ${r.to}
      )
      order by u.name, u.id`,
  );
  return rows.map((x) => ({ id: n(x.id), name: x.name }));
}
