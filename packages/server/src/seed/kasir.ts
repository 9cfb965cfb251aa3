import { and, asc, eq, sql } from 'drizzle-orm';
import { fromSen } from '@klinik/shared';
import { queryRows, type Db } from '../db/client.js';
import { paketMembership, users } from '../db/schema/index.js';
import { loadSessionUser } from '../modules/auth/index.js';
import { openKasirSession, payCicilan } from '../modules/kasir/index.js';
import { seedCtx } from './finance.js';

/**
 * Demo till of the first branch (Jakarta): the demo cashier (admin) has an open session with a float, and some of
 * the demo package registrations have their down payment paid at the till (cash, or transfer plus cash), through
 * the kasir service (journals Dr Kas/Bank / Cr Piutang Membership). Runs after seedFinance (the period and the
 * registrations). Deterministic: the same registrations and amounts for a given date.
 */
export async function seedKasir(tx: Db, branchIds: number[], now: Date = new Date()): Promise<{ payments: number }> {
  const branchId = branchIds[0];
  const [cashier] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, 'admin'), eq(users.profile_id, branchId)));
  if (!cashier) return { payments: 0 };
  const base = await seedCtx(tx, branchId, now);
  const user = await loadSessionUser(tx, cashier.id, 'seed-demo');
  if (!user) return { payments: 0 };
  const ctx = { ...base, user };
  await openKasirSession(ctx, { opening_float: 500_000 });
  const methods = await queryRows<{ id: number; type: string }>(
    tx,
    sql`select id, type from payment_method where status = 1 order by id`,
  );
  const cash = methods.find((m) => m.type === 'tunai');
  const transfer = methods.find((m) => m.type === 'transfer');
  if (!cash) return { payments: 0 };
  const memberships = await tx
    .select({ id: paketMembership.id })
    .from(paketMembership)
    .where(eq(paketMembership.profile_id, branchId))
    .orderBy(asc(paketMembership.id));
  let payments = 0;
  for (const [i, m] of memberships.slice(0, 4).entries()) {
    const [first] = await queryRows<{ open: string }>(
      tx,
      sql`select (amount - paid_amount)::text as open from paket_membership_cicilan
          where membership_id = ${m.id} and amount > paid_amount order by seq limit 1`,
    );
    if (!first) continue;
    const amount = fromSen(Number(first.open));
    const tenders =
      i % 2 === 1 && transfer && amount > 100_000
        ? [
            { method: Number(transfer.id), amount: amount - 100_000 },
            { method: Number(cash.id), amount: 150_000 },
          ]
        : [{ method: Number(cash.id), amount: Math.ceil(amount / 50_000) * 50_000 }];
    await payCicilan(ctx, { membership: m.id, amount, payments: tenders }, `demo-kasir-${i + 1}`);
    payments++;
  }
  return { payments };
}
