import { asSen, type Sen } from '@klinik/shared';
import type { Ctx } from '../../../http/context.js';
import * as q from '../queries/usage.js';

/**
 * The paket module's front door for what the till does to a registration (issue 27 item 1: one owner per table).
 * The rules of a registration's instalments and slots live here, not in the cashier's SQL. Every function runs in
 * the caller's transaction, which already holds the registration's row lock (the cashier's `lockMembership`).
 */

export interface InstalmentAllocation {
  /** The instalment (paket_membership_cicilan id). */
  id: number;
  seq: number;
  amount: Sen;
}

/**
 * Pays `amount` into the registration's instalments, oldest open one first, and says how much went to each. The
 * caller has checked that the amount is not more than what is outstanding.
 */
export async function applyInstalmentPayment(
  ctx: Ctx,
  membershipId: number,
  amount: Sen,
): Promise<InstalmentAllocation[]> {
  const today = await ctx.today();
  const out: InstalmentAllocation[] = [];
  let left: number = amount;
  for (const r of await q.instalmentsOf(ctx.db, membershipId)) {
    if (left <= 0) break;
    const open = r.amount - r.paid_amount;
    if (open <= 0) continue;
    const take = Math.min(open, left);
    left -= take;
    await q.setInstalmentPaid(ctx.db, r.id, r.paid_amount + take, today);
    out.push({ id: r.id, seq: r.seq, amount: asSen(take) });
  }
  return out;
}

/** Gives back what a voided payment paid into the registration's instalments (`amounts`: instalment id -> sen). */
export async function reverseInstalmentPayment(
  ctx: Ctx,
  membershipId: number,
  amounts: { id: number; amount: Sen }[],
): Promise<void> {
  const today = await ctx.today();
  const rows = await q.instalmentsOf(ctx.db, membershipId);
  for (const a of amounts) {
    const r = rows.find((x) => x.id === a.id);
    if (!r) continue;
    const paid = Math.max(0, r.paid_amount - a.amount);
    await q.setInstalmentPaid(ctx.db, r.id, paid, paid > 0 ? today : null);
  }
}

/** Uses `count` of a package slot for a bill line; false when not enough is left (a concurrent payment took it). */
export async function takeSlot(ctx: Ctx, slotId: number, count: number): Promise<boolean> {
  return q.takeSlot(ctx.db, slotId, count);
}

/** Returns what a voided bill line used of a slot. */
export async function returnSlot(ctx: Ctx, slotId: number, count: number): Promise<void> {
  await q.returnSlot(ctx.db, slotId, count);
}
