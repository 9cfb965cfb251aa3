/** Payments, their lines and tenders, lists, and voids. */
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { kasirPayment, kasirPaymentLine, kasirPaymentTender, kasirVoid } from '../../../db/schema/index.js';
import { type PaymentRow, type LineRow, type SessionRow, n } from './rows.js';
import { normSession } from './sessions.js';
import { likeOf } from '../../../db/like.js';
import { cappedCount } from '../../../db/count.js';

// ------------------------------------------------------------------------------------------ payments

export async function insertPayment(db: Db, values: typeof kasirPayment.$inferInsert) {
  const [row] = await db.insert(kasirPayment).values(values).returning();
  return row;
}

export async function insertLines(db: Db, rows: (typeof kasirPaymentLine.$inferInsert)[]) {
  if (rows.length) await db.insert(kasirPaymentLine).values(rows);
}

export async function insertTenders(db: Db, rows: (typeof kasirPaymentTender.$inferInsert)[]) {
  if (rows.length) await db.insert(kasirPaymentTender).values(rows);
}

export async function setPaymentJournal(db: Db, id: number, jurnalId: number, code: string) {
  await db.update(kasirPayment).set({ jurnal_id: jurnalId, jurnal_code: code }).where(eq(kasirPayment.id, id));
}

export async function findPayment(db: Db, id: number, lock = false): Promise<PaymentRow | undefined> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select * from kasir_payment where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  if (!rows[0]) return undefined;
  const r = rows[0];
  return {
    ...r,
    id: n(r.id),
    profile_id: n(r.profile_id),
    visit_id: r.visit_id === null ? null : n(r.visit_id),
    customer_id: r.customer_id === null ? null : n(r.customer_id),
    membership_id: r.membership_id === null ? null : n(r.membership_id),
    session_id: n(r.session_id),
    cashier_id: n(r.cashier_id),
    subtotal: n(r.subtotal),
    discount: n(r.discount),
    tax: n(r.tax),
    total: n(r.total),
    paid: n(r.paid),
    tendered: n(r.tendered),
    change: n(r.change),
    print_count: n(r.print_count),
    parent_id: r.parent_id === null ? null : n(r.parent_id),
    settled: n(r.settled),
  };
}

export async function linesOf(db: Db, paymentId: number): Promise<LineRow[]> {
  return db
    .select()
    .from(kasirPaymentLine)
    .where(eq(kasirPaymentLine.payment_id, paymentId))
    .orderBy(kasirPaymentLine.id);
}

export async function tendersOf(db: Db, paymentId: number) {
  const rows = await queryRows<{
    method: number;
    methodname: string;
    type: string;
    akun: string;
    amount: string;
    tendered: string;
    change: string;
  }>(
    db,
    sql`select t.payment_method_id as method, m.name as methodname, m.type, a.code as akun,
          t.amount::text, t.tendered::text, t.change::text
        from kasir_payment_tender t join payment_method m on m.id = t.payment_method_id join akun a on a.id = m.akun_id
        where t.payment_id = ${paymentId} order by t.id`,
  );
  return rows.map((r) => ({
    ...r,
    method: n(r.method),
    amount: n(r.amount),
    tendered: n(r.tendered),
    change: n(r.change),
  }));
}

/** The active (not void) payment of a visit, with its cashier's name and what it and its settlements paid. */
export async function activePaymentOfVisit(db: Db, visitId: number) {
  const [row] = await queryRows<{
    id: number;
    code: string;
    cashier: string;
    created_at: string;
    total: string;
    paid: string;
    outstanding: string;
  }>(
    db,
    sql`select p.id, p.code, u.name as cashier, p.created_at, s.total::text, s.paid::text, s.outstanding::text
        from kasir_payment p join users u on u.id = p.cashier_id
        join kasir_visit_pay_status s on s.payment_id = p.id
        where p.visit_id = ${visitId} and p.kind = 'visit' and p.status <> 'void'`,
  );
  return row
    ? { ...row, id: n(row.id), total: n(row.total), paid: n(row.paid), outstanding: n(row.outstanding) }
    : undefined;
}

export interface SettlementRow {
  id: number;
  code: string;
  paid_date: string;
  cashier: string;
  session_id: number;
  paid: number;
  status: string;
}

/** The settlements (pelunasan) of a visit payment, oldest first; `active`: only those not void, locked. */
export async function settlementsOf(db: Db, parentId: number, active = false): Promise<SettlementRow[]> {
  const rows = await queryRows<SettlementRow>(
    db,
    sql`select p.id, p.code, p.paid_date, u.name as cashier, p.session_id, p.paid::text as paid, p.status
        from kasir_payment p join users u on u.id = p.cashier_id
        where p.parent_id = ${parentId} ${active ? sql`and p.status <> 'void'` : sql``}
        order by p.id ${active ? sql`for update of p` : sql``}`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id), session_id: n(r.session_id), paid: n(r.paid) }));
}

/** A session row (any status), locked for share: a close waits for the refund being written against it. */
export async function sessionForShare(db: Db, id: number): Promise<SessionRow | undefined> {
  const rows = await queryRows<SessionRow>(db, sql`select * from kasir_session where id = ${id} for share`);
  return rows[0] ? normSession(rows[0]) : undefined;
}

export async function bumpPrintCount(db: Db, id: number): Promise<number> {
  const [row] = await queryRows<{ print_count: number }>(
    db,
    sql`update kasir_payment set print_count = print_count + 1 where id = ${id} returning print_count`,
  );
  return n(row?.print_count);
}

export interface PaymentListRow extends PaymentRow {
  branchname: string;
  branchaddress: string | null;
  branchphone: string | null;
  customername: string | null;
  customerusername: string | null;
  membershipcode: string | null;
  cashiername: string;
  void_reason: string | null;
  voided_date: string | null;
  void_jurnal_code: string | null;
  void_pending: boolean;
  parentcode: string | null;
  outstanding: string | null;
}

const paymentSelect = sql`select p.*, pp.code as parentcode, ps.outstanding::text as outstanding, b.name as branchname, b.address as branchaddress, b.phone as branchphone, c.name as customername, c.username as customerusername,
    m.code as membershipcode, u.name as cashiername, v.reason as void_reason, v.voided_date, v.jurnal_code as void_jurnal_code,
    exists (select 1 from applog l where l.entity = 'kasir_payment' and l.entity_id = p.id and l.kind = 'request' and l.status = 0) as void_pending
  from kasir_payment p
  join profile b on b.id = p.profile_id
  join users u on u.id = p.cashier_id
  left join users c on c.id = p.customer_id
  left join paket_membership m on m.id = p.membership_id
  left join kasir_void v on v.payment_id = p.id
  left join kasir_payment pp on pp.id = p.parent_id
  left join kasir_visit_pay_status ps on ps.payment_id = coalesce(p.parent_id, p.id)`;

export async function listPayments(
  db: Db,
  f: {
    scope: BranchScope;
    kind?: string;
    status?: string;
    fromdate?: string;
    todate?: string;
    session?: number;
    keyword?: string;
    limit: number;
    offset: number;
  },
) {
  const k = f.keyword ? likeOf(f.keyword) : null;
  const where: SQL = sql`where ${scopeSql(sql`p.profile_id`, f.scope)}
    ${f.kind ? sql`and p.kind = ${f.kind}` : sql``}
    ${f.status ? sql`and p.status = ${f.status}` : sql``}
    ${f.fromdate ? sql`and p.paid_date >= ${f.fromdate}` : sql``}
    ${f.todate ? sql`and p.paid_date <= ${f.todate}` : sql``}
    ${f.session ? sql`and p.session_id = ${f.session}` : sql``}
    ${k ? sql`and (lower(p.code) like ${k} or lower(coalesce(c.name, '')) like ${k} or lower(coalesce(c.username, '')) like ${k})` : sql``}`;
  const rows = await queryRows<PaymentListRow>(
    db,
    sql`${paymentSelect} ${where} order by p.created_at desc, p.id desc limit ${f.limit} offset ${f.offset}`,
  );
  // Capped (a chain branch's 60 000 payments were counted on every page read: 85 ms of the day's 'daftar pembayaran').
  const [c] = await queryRows<{ c: number }>(
    db,
    sql`select ${cappedCount(sql`select 1 from kasir_payment p left join users c on c.id = p.customer_id ${where}`, f.offset)} as c`,
  );
  return { rows, count: n(c?.c) };
}

export async function paymentListRow(db: Db, id: number): Promise<PaymentListRow | undefined> {
  const [row] = await queryRows<PaymentListRow>(db, sql`${paymentSelect} where p.id = ${id}`);
  return row;
}

/**
 * The money of a day (branch scope) per payment and tender, for the daily report: payments of the day (not voided
 * the same day) and, negative, what voids of the day gave back of payments of another day (by the refunding
 * session's cashier). A payment voided the same day it was taken nets to nothing and is left out.
 */
export async function dayTenders(db: Db, scope: BranchScope, date: string) {
  const rows = await queryRows<{
    payment_id: number;
    cashier: string;
    method: string;
    amount: string;
    refund: boolean;
  }>(
    db,
    sql`select * from (
          select p.id as payment_id, u.name as cashier, m.name as method, t.amount::text, false as refund
          from kasir_payment p join users u on u.id = p.cashier_id
          join kasir_payment_tender t on t.payment_id = p.id join payment_method m on m.id = t.payment_method_id
          left join kasir_void v on v.payment_id = p.id
          where ${scopeSql(sql`p.profile_id`, scope)} and p.paid_date = ${date}
            and (p.status <> 'void' or v.voided_date is distinct from p.paid_date)
          union all
          select p.id as payment_id, u.name as cashier, m.name as method, (-t.amount)::text, true as refund
          from kasir_void v join kasir_payment p on p.id = v.payment_id
          join kasir_session s on s.id = coalesce(v.refund_session_id, p.session_id) join users u on u.id = s.cashier_id
          join kasir_payment_tender t on t.payment_id = p.id join payment_method m on m.id = t.payment_method_id
          where ${scopeSql(sql`p.profile_id`, scope)} and v.voided_date = ${date} and p.paid_date <> ${date}
        ) x order by cashier, method`,
  );
  return rows.map((r) => ({ ...r, payment_id: n(r.payment_id), amount: n(r.amount) }));
}

// ------------------------------------------------------------------------------------------ voids

export async function insertVoid(db: Db, values: typeof kasirVoid.$inferInsert) {
  const [row] = await db.insert(kasirVoid).values(values).returning();
  return row;
}

export async function markVoid(db: Db, id: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update kasir_payment set status = 'void' where id = ${id} and status <> 'void' returning id`,
  );
  return rows.length > 0;
}
