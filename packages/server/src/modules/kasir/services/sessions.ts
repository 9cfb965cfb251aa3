/**
 * Cash sessions: a cashier opens the till with a float and closes it (tutup kasir) counting each method. What the
 * system expects per method is what the session's payments (not void) received, plus the float in cash; the
 * difference counted - expected is stored per method and in total. Closing locks the session row: payments of
 * the session hold it for share, so a close waits for a payment in flight and a payment after it finds no session.
 */
import { branchScope, requireAccess } from '../../../http/access-scope.js';
import {
  fromSen,
  sumSen,
  toSen,
  type DailyReportDto,
  type SessionCloseInput,
  type SessionDto,
  type SessionOpenInput,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { KASIR_SESSION } from '../entities.js';
import * as q from '../queries.js';

async function sessionDtos(c: Ctx, rows: (q.SessionRow & { cashiername: string })[]): Promise<SessionDto[]> {
  const ids = rows.map((r) => r.id);
  const [methods, takings, counts, pays] = await Promise.all([
    q.paymentMethods(c.db),
    q.sessionTakings(c.db, ids),
    q.countsOf(c.db, ids),
    q.sessionPaymentCounts(c.db, ids),
  ]);
  const cash = methods.find((m) => m.type === 'tunai' && m.status === 1) ?? methods.find((m) => m.type === 'tunai');
  return rows.map((s) => {
    const mine = takings.filter((t) => t.session_id === s.id);
    const counted = counts.filter((t) => t.session_id === s.id);
    const shown = methods.filter(
      (m) => m.status === 1 || mine.some((t) => t.method === m.id) || counted.some((t) => t.method === m.id),
    );
    return {
      id: s.id,
      profile_id: s.profile_id,
      cashier: { id: s.cashier_id, name: s.cashiername },
      open_date: s.open_date,
      opened_at: s.opened_at,
      opening_float: fromSen(s.opening_float),
      status: s.status as SessionDto['status'],
      closed_at: s.closed_at,
      expected_total: fromSen(s.status === 'closed' ? s.expected_total : expectedTotal(s, mine)),
      counted_total: fromSen(s.counted_total),
      difference: fromSen(s.difference),
      note: s.note,
      payment_count: pays.get(s.id) ?? 0,
      methods: shown.map((m) => {
        const k = counted.find((t) => t.method === m.id);
        const expected =
          k?.expected ?? (mine.find((t) => t.method === m.id)?.amount ?? 0) + (m.id === cash?.id ? s.opening_float : 0);
        return {
          method: m.id,
          methodname: m.name,
          type: m.type,
          expected: fromSen(expected),
          counted: k ? fromSen(k.counted) : null,
          difference: k ? fromSen(k.difference) : null,
        };
      }),
    };
  });
}

function expectedTotal(s: q.SessionRow, takings: { amount: number }[]): number {
  return s.opening_float + takings.reduce((a, t) => a + t.amount, 0);
}

/** The signed-in cashier's open session in this branch, or null. */
export async function current(ctx: Ctx): Promise<SessionDto | null> {
  const c = requireUser(ctx);
  const s = await q.openSessionOf(c.db, c.branchId, c.user.id);
  if (!s) return null;
  const [dto] = await sessionDtos(c, [{ ...s, cashiername: c.user.name }]);
  return dto;
}

export async function open(ctx: Ctx, input: SessionOpenInput): Promise<SessionDto> {
  const c = requireUser(ctx);
  try {
    await inTransaction(c, async (tx) => {
      if (await q.openSessionOf(tx.db, tx.branchId, c.user.id)) throw conflict('Sesi kasir Anda masih terbuka');
      const row = await q.insertSession(tx.db, {
        profile_id: tx.branchId,
        cashier_id: c.user.id,
        open_date: await tx.today(),
        opening_float: toSen(input.opening_float),
        status: 'open',
      });
      await audit(tx, { action: 'open', entity: 'kasir_session', entityId: row.id, after: row });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'kasir_session_open_idx')) throw conflict('Sesi kasir Anda masih terbuka');
    throw err;
  }
  return (await current(c))!;
}

/** Tutup kasir: the cashier's own session (a manager closing someone else's goes through the same rule). */
export async function close(ctx: Ctx, id: number, input: SessionCloseInput): Promise<SessionDto> {
  const c = requireUser(ctx);
  await inTransaction(c, async (tx) => {
    await requireAccess(tx, KASIR_SESSION, [id], 'write');
    const s = await q.findSession(tx.db, id, true);
    if (!s) throw notFound(KASIR_SESSION.notFound);
    if (s.status !== 'open') throw conflict('Sesi kasir ini sudah ditutup');
    if (s.cashier_id !== c.user.id) throw forbidden('Hanya kasir pemilik sesi yang dapat menutup sesi ini');
    const [dto] = await sessionDtos(tx, [{ ...s, cashiername: c.user.name }]);
    const given = new Map(input.counts.map((k) => [k.method, toSen(k.amount)]));
    for (const m of given.keys())
      if (!dto.methods.some((x) => x.method === m)) throw badRequest('Metode pembayaran tidak ditemukan', 'counts');
    const rows = dto.methods
      .filter((m) => m.expected !== 0 || given.has(m.method))
      .map((m) => {
        const expected = toSen(m.expected);
        const counted = given.get(m.method) ?? toSen(0);
        return {
          profile_id: tx.branchId,
          session_id: s.id,
          payment_method_id: m.method,
          expected,
          counted,
          difference: counted - expected,
        };
      });
    await q.insertCounts(tx.db, rows);
    const expected = sumSen(rows.map((r) => r.expected));
    const counted = sumSen(rows.map((r) => r.counted));
    const closed = await q.closeSession(tx.db, s.id, {
      closed_by: c.user.id,
      expected_total: expected,
      counted_total: counted,
      difference: counted - expected,
      note: input.note ?? null,
    });
    if (!closed) throw conflict('Sesi kasir ini sudah ditutup');
    await audit(tx, {
      action: 'close',
      entity: 'kasir_session',
      entityId: s.id,
      before: s,
      after: { ...closed, counts: rows },
    });
  });
  return get(c, id);
}

export async function get(ctx: Ctx, id: number): Promise<SessionDto> {
  const c = requireUser(ctx);
  await requireAccess(c, KASIR_SESSION, [id], 'read');
  const s = await q.findSession(c.db, id);
  if (!s) throw notFound(KASIR_SESSION.notFound);
  const [dto] = await sessionDtos(c, [{ ...s, cashiername: await q.userName(c.db, s.cashier_id) }]);
  return dto;
}

export async function list(ctx: Ctx, date?: string): Promise<SessionDto[]> {
  const c = requireUser(ctx);
  const rows = await q.listSessions(c.db, branchScope(c), { date });
  return sessionDtos(c, rows);
}

/**
 * The daily report: the day's payments per cashier and per method (a payment voided the same day left out; a void of
 * an earlier day's payment is money out of the refunding cashier on the void's day), and the sessions of the day.
 */
export async function daily(ctx: Ctx, date?: string): Promise<DailyReportDto> {
  const c = requireUser(ctx);
  const day = date ?? (await c.today());
  const rows = await q.dayTenders(c.db, branchScope(c), day);
  const byCashier = new Map<string, { ids: Set<number>; total: number; methods: Record<string, number> }>();
  const byMethod = new Map<string, { ids: Set<number>; amount: number }>();
  for (const r of rows) {
    const k = byCashier.get(r.cashier) ?? { ids: new Set(), total: 0, methods: {} };
    // A refund (a void of an earlier day's payment) is money out, not a transaction of the day.
    if (!r.refund) k.ids.add(r.payment_id);
    k.total += r.amount;
    k.methods[r.method] = (k.methods[r.method] ?? 0) + r.amount;
    byCashier.set(r.cashier, k);
    const m = byMethod.get(r.method) ?? { ids: new Set(), amount: 0 };
    if (!r.refund) m.ids.add(r.payment_id);
    m.amount += r.amount;
    byMethod.set(r.method, m);
  }
  return {
    date: day,
    byCashier: [...byCashier].map(([cashier, v]) => ({
      cashier,
      count: v.ids.size,
      total: fromSen(v.total),
      methods: Object.fromEntries(Object.entries(v.methods).map(([k, a]) => [k, fromSen(a)])),
    })),
    byMethod: [...byMethod].map(([method, v]) => ({ method, count: v.ids.size, amount: fromSen(v.amount) })),
    total: fromSen(rows.reduce((s, r) => s + r.amount, 0)),
    sessions: await list(c, day),
  };
}

/** Active payment methods, for the cashier's payment panel. */
export async function methods(ctx: Ctx): Promise<{ id: number; name: string; type: string }[]> {
  const c = requireUser(ctx);
  return (await q.paymentMethods(c.db))
    .filter((m) => m.status === 1)
    .map((m) => ({ id: m.id, name: m.name, type: m.type }));
}
