/** Cashier sessions (open, close, counts, takings). */
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { kasirSession, kasirSessionCount } from '../../../db/schema/index.js';
import { type SessionRow, n } from './rows.js';

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

export function normSession(r: SessionRow): SessionRow {
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
