/** The kasir module's only SQL. Every query names the branch it works in (or takes a BranchScope). */
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  kasirPayment,
  kasirPaymentLine,
  kasirPaymentTender,
  kasirSession,
  kasirSessionCount,
  kasirSetting,
  kasirVoid,
} from '../../db/schema/index.js';

export type PaymentRow = typeof kasirPayment.$inferSelect;
export type LineRow = typeof kasirPaymentLine.$inferSelect;
export type SessionRow = typeof kasirSession.$inferSelect;

function like(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (m) => '\\' + m).toLowerCase()}%`;
}

const n = (v: unknown) => Number(v ?? 0);

// ------------------------------------------------------------------------------------------ settings, methods

export async function settingOf(db: Db, profileId: number) {
  const [row] = await db.select().from(kasirSetting).where(eq(kasirSetting.profile_id, profileId));
  return row ?? { profile_id: profileId, is_pkp: false, discount_limit_bp: 1000 };
}

export async function upsertSetting(db: Db, profileId: number, isPkp: boolean, limitBp: number) {
  await db
    .insert(kasirSetting)
    .values({ profile_id: profileId, is_pkp: isPkp, discount_limit_bp: limitBp })
    .onConflictDoUpdate({
      target: kasirSetting.profile_id,
      set: { is_pkp: isPkp, discount_limit_bp: limitBp, updated_at: sql`now()` },
    });
}

export interface MethodRow {
  id: number;
  name: string;
  type: string;
  status: number;
  akun: string;
}

/** Payment methods (shared by every branch) with the code of the account they post to. */
export async function paymentMethods(db: Db): Promise<MethodRow[]> {
  const rows = await queryRows<MethodRow>(
    db,
    sql`select m.id, m.name, m.type, m.status, a.code as akun from payment_method m join akun a on a.id = m.akun_id order by m.id`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id), status: n(r.status) }));
}

/** The rate (basis points) and account code of the active PPN tax, or null. */
export async function ppnTax(db: Db): Promise<{ rate_bp: number; akun: string } | null> {
  const [row] = await queryRows<{ rate_bp: number; akun: string }>(
    db,
    sql`select p.rate_bp, a.code as akun from pajak p join akun a on a.id = p.akun_id
        where upper(p.code) = 'PPN' and p.status = 1 order by p.id limit 1`,
  );
  return row ? { rate_bp: n(row.rate_bp), akun: row.akun } : null;
}

// ------------------------------------------------------------------------------------------ sessions

export async function openSessionOf(
  db: Db,
  profileId: number,
  cashierId: number,
  lock: 'share' | 'update' | null = null,
): Promise<SessionRow | undefined> {
  const rows = await queryRows<SessionRow>(
    db,
    sql`select * from kasir_session where profile_id = ${profileId} and cashier_id = ${cashierId} and status = 'open'
        ${lock === 'share' ? sql`for share` : lock === 'update' ? sql`for update` : sql``}`,
  );
  return rows[0] ? normSession(rows[0]) : undefined;
}

function normSession(r: SessionRow): SessionRow {
  return {
    ...r,
    id: n(r.id),
    profile_id: n(r.profile_id),
    cashier_id: n(r.cashier_id),
    opening_float: n(r.opening_float),
    expected_total: n(r.expected_total),
    counted_total: n(r.counted_total),
    difference: n(r.difference),
  };
}

export async function findSession(db: Db, id: number, lock = false): Promise<SessionRow | undefined> {
  const rows = await queryRows<SessionRow>(
    db,
    sql`select * from kasir_session where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return rows[0] ? normSession(rows[0]) : undefined;
}

export async function insertSession(db: Db, values: typeof kasirSession.$inferInsert) {
  const [row] = await db.insert(kasirSession).values(values).returning();
  return row;
}

export async function closeSession(
  db: Db,
  id: number,
  v: { closed_by: number; expected_total: number; counted_total: number; difference: number; note: string | null },
) {
  const [row] = await db
    .update(kasirSession)
    .set({ ...v, status: 'closed', closed_at: sql`now()` })
    .where(sql`${kasirSession.id} = ${id} and ${kasirSession.status} = 'open'`)
    .returning();
  return row;
}

export async function insertCounts(db: Db, rows: (typeof kasirSessionCount.$inferInsert)[]) {
  if (rows.length) await db.insert(kasirSessionCount).values(rows);
}

/**
 * What went through a session per method: the applied amounts of the payments taken in it, less what voids gave back
 * out of it (a void's refund session: the payment's own while that was open, else the voiding cashier's). A payment
 * voided while its session is open thus nets to nothing there; one voided after its session closed stays in that
 * session's figures and is money out of the session that refunded it.
 */
export async function sessionTakings(db: Db, sessionIds: number[]) {
  if (!sessionIds.length) return [];
  const ids = sql.join(
    sessionIds.map((i) => sql`${i}`),
    sql`, `,
  );
  const rows = await queryRows<{ session_id: number; method: number; amount: string }>(
    db,
    sql`select session_id, method, sum(amount)::text as amount from (
          select p.session_id, t.payment_method_id as method, t.amount
          from kasir_payment_tender t join kasir_payment p on p.id = t.payment_id
          where p.session_id in (${ids})
          union all
          select coalesce(v.refund_session_id, p.session_id) as session_id, t.payment_method_id as method, -t.amount
          from kasir_void v join kasir_payment p on p.id = v.payment_id join kasir_payment_tender t on t.payment_id = p.id
          where coalesce(v.refund_session_id, p.session_id) in (${ids})
        ) x group by session_id, method`,
  );
  return rows.map((r) => ({ session_id: n(r.session_id), method: n(r.method), amount: n(r.amount) }));
}

export async function sessionPaymentCounts(db: Db, sessionIds: number[]) {
  if (!sessionIds.length) return new Map<number, number>();
  const rows = await queryRows<{ session_id: number; c: number }>(
    db,
    sql`select session_id, count(*)::int as c from kasir_payment where session_id in (${sql.join(
      sessionIds.map((i) => sql`${i}`),
      sql`, `,
    )}) and status <> 'void' group by session_id`,
  );
  return new Map(rows.map((r) => [n(r.session_id), n(r.c)]));
}

export async function countsOf(db: Db, sessionIds: number[]) {
  if (!sessionIds.length) return [];
  const rows = await queryRows<{
    session_id: number;
    method: number;
    expected: string;
    counted: string;
    difference: string;
  }>(
    db,
    sql`select session_id, payment_method_id as method, expected::text, counted::text, difference::text
        from kasir_session_count where session_id in (${sql.join(
          sessionIds.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  return rows.map((r) => ({
    session_id: n(r.session_id),
    method: n(r.method),
    expected: n(r.expected),
    counted: n(r.counted),
    difference: n(r.difference),
  }));
}

export async function listSessions(
  db: Db,
  scope: BranchScope,
  f: { date?: string; cashier?: number; status?: string },
) {
  const rows = await queryRows<SessionRow & { cashiername: string }>(
    db,
    sql`select s.*, u.name as cashiername from kasir_session s join users u on u.id = s.cashier_id
        where ${scopeSql(sql`s.profile_id`, scope)}
        ${f.date ? sql`and (s.open_date = ${f.date} or (s.status = 'open' and s.open_date <= ${f.date}))` : sql``}
        ${f.cashier ? sql`and s.cashier_id = ${f.cashier}` : sql``}
        ${f.status ? sql`and s.status = ${f.status}` : sql``}
        order by s.opened_at desc, s.id desc limit 200`,
  );
  return rows.map((r) => ({ ...normSession(r), cashiername: r.cashiername }));
}

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
  const k = f.keyword ? like(f.keyword) : null;
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
  const [c] = await queryRows<{ c: number }>(
    db,
    sql`select count(*)::int as c from kasir_payment p left join users c on c.id = p.customer_id ${where}`,
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

// ------------------------------------------------------------------------------------------ memberships (cicilan)

export interface MembershipLock {
  id: number;
  profile_id: number;
  code: string;
  customer_id: number;
  status: number;
  customername: string;
  customerusername: string;
  paketname: string;
  price: number;
}

/** Locks the membership row: concurrent instalment payments of one membership run one after another. */
export async function lockMembership(db: Db, id: number): Promise<MembershipLock | undefined> {
  const [row] = await queryRows<MembershipLock>(
    db,
    sql`select m.id, m.profile_id, m.code, m.customer_id, m.status, m.price::text as price, u.name as customername,
          u.username as customerusername, h.name as paketname
        from paket_membership m join users u on u.id = m.customer_id
        join paket_history h on h.id = m.paket_history_id
        where m.id = ${id} for update of m`,
  );
  return row
    ? {
        ...row,
        id: n(row.id),
        profile_id: n(row.profile_id),
        customer_id: n(row.customer_id),
        status: n(row.status),
        price: n(row.price),
      }
    : undefined;
}

export interface CicilanRow {
  id: number;
  seq: number;
  due_date: string;
  amount: number;
  paid_amount: number;
  status: number;
}

export async function cicilanOf(db: Db, membershipIds: number[]): Promise<(CicilanRow & { membership_id: number })[]> {
  if (!membershipIds.length) return [];
  const rows = await queryRows<CicilanRow & { membership_id: number }>(
    db,
    sql`select id, membership_id, seq, due_date, amount::text as amount, paid_amount::text as paid_amount, status
        from paket_membership_cicilan where membership_id in (${sql.join(
          membershipIds.map((i) => sql`${i}`),
          sql`, `,
        )}) order by membership_id, seq`,
  );
  return rows.map((r) => ({
    ...r,
    id: n(r.id),
    membership_id: n(r.membership_id),
    seq: n(r.seq),
    amount: n(r.amount),
    paid_amount: n(r.paid_amount),
    status: n(r.status),
  }));
}

/** Memberships of this branch (active) with something still unpaid, found by patient or code. */
export async function searchMembershipsDue(db: Db, profileId: number, keyword?: string, customer?: number) {
  const k = keyword ? like(keyword) : null;
  const rows = await queryRows<MembershipLock>(
    db,
    sql`select m.id, m.profile_id, m.code, m.customer_id, m.status, m.price::text as price, u.name as customername,
          u.username as customerusername, h.name as paketname
        from paket_membership m join users u on u.id = m.customer_id
        join paket_history h on h.id = m.paket_history_id
        where m.profile_id = ${profileId} and m.status = 1
          and exists (select 1 from paket_membership_cicilan c where c.membership_id = m.id and c.amount > c.paid_amount)
          ${k ? sql`and (lower(u.name) like ${k} or lower(u.username) like ${k} or lower(m.code) like ${k})` : sql``}
          ${customer ? sql`and m.customer_id = ${customer}` : sql``}
        order by u.name, m.id limit 30`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id), customer_id: n(r.customer_id), price: n(r.price) }));
}

// ------------------------------------------------------------------------------------------ package slots

export interface SlotRow {
  id: number;
  membership_id: number;
  membershipcode: string;
  type: number;
  ref_id: number;
  name: string;
  free_slot: number;
  used_slot: number;
  expired_at: string;
}

/**
 * Unexpired slots with something left of the patient's active memberships in this branch, oldest expiry first.
 * `ref_id`: the perawatan, item or form_lab the slot is for (type 1, 2, 3).
 */
export async function usableSlots(db: Db, profileId: number, customerId: number, today: string): Promise<SlotRow[]> {
  const rows = await queryRows<SlotRow>(
    db,
    sql`select s.id, s.membership_id, m.code as membershipcode, s.type,
          coalesce(i.perawatan_id, i.item_id, i.form_lab_id) as ref_id, s.name, s.free_slot, s.used_slot, s.expired_at
        from paket_membership_slot s join paket_membership m on m.id = s.membership_id
        join paket_history_item i on i.id = s.paket_history_item_id
        where s.profile_id = ${profileId} and m.customer_id = ${customerId} and m.status in (1, 2)
          and s.expired_at >= ${today} and s.used_slot < s.free_slot
        order by s.expired_at, s.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: n(r.id),
    membership_id: n(r.membership_id),
    type: n(r.type),
    ref_id: n(r.ref_id),
    free_slot: n(r.free_slot),
    used_slot: n(r.used_slot),
  }));
}

// ------------------------------------------------------------------------------------------ people, branch

export async function findBranch(db: Db, id: number) {
  const [row] = await queryRows<{
    id: number;
    name: string;
    address: string | null;
    phone: string | null;
    email: string | null;
    logo: string | null;
  }>(db, sql`select id, name, address, phone, email, logo from profile where id = ${id}`);
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
  return row
    ? {
        ...row,
        id: n(row.id),
        profile_id: n(row.profile_id),
        customer_id: n(row.customer_id),
        doctor_id: n(row.doctor_id),
      }
    : undefined;
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
          v.doctor_id, coalesce(v.doctor_share, 0)::text as doctor_share
        from rm_entry e
        join rm_record r on r.id = e.record_id and r.status = 'finished'
        join rm_entry_head h on h.entry_id = e.id and not h.voided
        join rm_entry_version v on v.id = h.version_id
        left join perawatan p on p.id = v.perawatan_id
        left join item i on i.id = v.item_id
        left join form_lab fl on fl.id = v.form_lab_id
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
  }));
}

/** Visits of the branch whose record is finished, with their payment if any (the cashier's queue). */
export async function billableVisits(
  db: Db,
  scope: BranchScope,
  f: { date?: string; unpaid?: boolean; paystatus?: string; keyword?: string },
) {
  const k = f.keyword ? like(f.keyword) : null;
  const status = sql`coalesce(p.pay_status, 'belum_dibayar')`;
  const rows = await queryRows<{
    id: number;
    code: string;
    visit_date: string;
    status: string;
    customer_id: number;
    customername: string;
    customerusername: string;
    doctorname: string;
    payment_id: number | null;
    payment_code: string | null;
    payment_total: string | null;
    payment_paid: string | null;
    payment_outstanding: string | null;
    pay_status: string;
  }>(
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

// ------------------------------------------------------------------------------------------ general sales

export async function itemsForSale(db: Db, profileId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await queryRows<{ id: number; name: string; selling_price: string; status: number }>(
    db,
    sql`select id, name, selling_price::text, status from item where profile_id = ${profileId} and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return rows.map((r) => ({ id: n(r.id), name: r.name, price: n(r.selling_price), status: n(r.status) }));
}

/** The stock movements a payment's sale wrote (to give them back on a void). */
export async function saleMovements(db: Db, paymentId: number) {
  const rows = await queryRows<{
    warehouse_id: number;
    item_id: number;
    batch_id: number | null;
    quantity: number;
    value: string;
  }>(
    db,
    sql`select warehouse_id, item_id, batch_id, quantity, value::text from stock_movement
        where source_kind = 'kasir_payment' and source_id = ${paymentId} and kind = 'sale' order by id`,
  );
  return rows.map((r) => ({
    warehouse: n(r.warehouse_id),
    item: n(r.item_id),
    batch: r.batch_id === null ? null : n(r.batch_id),
    qty: -n(r.quantity),
    value: -n(r.value),
  }));
}

/** Active warehouses of the branch, the pharmacy first. */
export async function warehouses(db: Db, profileId: number) {
  const rows = await queryRows<{ id: number; code: string; name: string; kind: string }>(
    db,
    sql`select id, code, name, kind from warehouse where profile_id = ${profileId} and status = 1
        order by case kind when 'apotek' then 0 else 1 end, name`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id) }));
}

/** Active items of the branch with their quantity on hand in a warehouse (the general cashier's picker). */
export async function saleItems(db: Db, profileId: number, warehouseId: number, keyword?: string) {
  const k = keyword ? like(keyword) : null;
  const rows = await queryRows<{ id: number; code: string; name: string; unit: string; price: string; stock: number }>(
    db,
    sql`select i.id, i.code, i.name, i.unit, i.selling_price::text as price,
          coalesce((select sum(b.quantity) from stock_balance b where b.item_id = i.id and b.warehouse_id = ${warehouseId}), 0)::int as stock
        from item i where i.profile_id = ${profileId} and i.status = 1
        ${k ? sql`and (lower(i.name) like ${k} or lower(i.code) like ${k})` : sql``}
        order by i.name limit 50`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id), price: n(r.price), stock: n(r.stock) }));
}
