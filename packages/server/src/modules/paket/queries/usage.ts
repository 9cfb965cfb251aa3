import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';

/**
 * The writes other modules make to a registration through the paket module's front door (`services/usage.ts`): its
 * instalments paid or given back at the till, its slots used by a bill or returned by a void. The paket module owns
 * these tables (docs/decisions.md, one owner per table).
 */

export interface InstalmentRow {
  id: number;
  seq: number;
  amount: number;
  paid_amount: number;
}

/** The registration's instalments, in order. The caller holds the registration's row lock. */
export async function instalmentsOf(db: Db, membershipId: number): Promise<InstalmentRow[]> {
  const rows = await queryRows<{ id: number; seq: number; amount: string; paid_amount: string }>(
    db,
    sql`select id, seq, amount::text as amount, paid_amount::text as paid_amount
        from paket_membership_cicilan where membership_id = ${membershipId} order by seq`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    seq: Number(r.seq),
    amount: Number(r.amount),
    paid_amount: Number(r.paid_amount),
  }));
}

export async function setInstalmentPaid(db: Db, id: number, paidAmount: number, paidAt: string | null): Promise<void> {
  await db.execute(
    sql`update paket_membership_cicilan set paid_amount = ${paidAmount},
          status = case when ${paidAmount} >= amount then 1 else 0 end,
          paid_at = ${paidAt}
        where id = ${id}`,
  );
}

/** Uses `count` of a slot; false when not enough is left (a concurrent payment took it). */
export async function takeSlot(db: Db, slotId: number, count: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update paket_membership_slot set used_slot = used_slot + ${count}
        where id = ${slotId} and used_slot + ${count} <= free_slot returning id`,
  );
  return rows.length > 0;
}

export async function returnSlot(db: Db, slotId: number, count: number): Promise<void> {
  await db.execute(
    sql`update paket_membership_slot set used_slot = greatest(used_slot - ${count}, 0) where id = ${slotId}`,
  );
}
