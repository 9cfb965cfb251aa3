/** SQL of the package fee releases (sharing_release; the sharing module owns it and sharing_line). */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { sharingLine, sharingRelease } from '../../../db/schema/index.js';

export interface WaitingLine {
  id: number;
  doctor_id: number;
  share: number;
  payable: number;
}

/** A registration's price and what its schedule has received (sen). */
export async function membershipPaid(db: Db, id: number): Promise<{ price: number; paid: number } | undefined> {
  const [r] = await queryRows<{ price: string; paid: string }>(
    db,
    sql`select m.price::text as price,
          coalesce((select sum(c.paid_amount) from paket_membership_cicilan c where c.membership_id = m.id), 0)::text as paid
        from paket_membership m where m.id = ${id}`,
  );
  return r ? { price: Number(r.price), paid: Number(r.paid) } : undefined;
}

/** The waiting lines `where` picks, locked, in order. */
async function waitingLines(db: Db, where: SQL | undefined): Promise<WaitingLine[]> {
  const rows = await db
    .select({
      id: sharingLine.id,
      doctor_id: sharingLine.doctor_id,
      share: sharingLine.share,
      payable: sharingLine.payable,
    })
    .from(sharingLine)
    .where(where)
    .orderBy(sharingLine.id)
    .for('update');
  return rows.map((r) => ({ ...r, doctor_id: Number(r.doctor_id) }));
}

/** The registration's lines still waiting for part of their share, locked. */
export async function waitingLinesOf(db: Db, membershipId: number): Promise<WaitingLine[]> {
  return waitingLines(db, and(eq(sharingLine.membership_id, membershipId), eq(sharingLine.status, 'waiting')));
}

/** A bill's own lines (not package-covered) still waiting for part of their share, locked. */
export async function waitingLinesOfPayment(db: Db, paymentId: number): Promise<WaitingLine[]> {
  return waitingLines(
    db,
    and(eq(sharingLine.payment_id, paymentId), eq(sharingLine.status, 'waiting'), isNull(sharingLine.membership_id)),
  );
}

export async function addRelease(db: Db, l: WaitingLine, paymentId: number, amount: number): Promise<void> {
  await db.insert(sharingRelease).values({ line_id: l.id, payment_id: paymentId, amount });
  await db
    .update(sharingLine)
    .set({
      payable: sql`${sharingLine.payable} + ${amount}`,
      status: sql`case when ${sharingLine.payable} + ${amount} >= ${sharingLine.share} then 'payable' else 'waiting' end`,
    })
    .where(eq(sharingLine.id, l.id));
}

export async function releasesOfPayment(
  db: Db,
  paymentId: number,
): Promise<{ id: number; line_id: number; amount: number }[]> {
  const rows = await db
    .select({ id: sharingRelease.id, line_id: sharingRelease.line_id, amount: sharingRelease.amount })
    .from(sharingRelease)
    .where(and(eq(sharingRelease.payment_id, paymentId), eq(sharingRelease.status, 'active')))
    .for('update');
  return rows;
}

/** The part goes back: the line waits again (a line already paid out keeps its status; the run claws it back). */
export async function takeBackRelease(db: Db, r: { id: number; line_id: number; amount: number }): Promise<void> {
  await db.update(sharingRelease).set({ status: 'reversed' }).where(eq(sharingRelease.id, r.id));
  await db
    .update(sharingLine)
    .set({
      payable: sql`${sharingLine.payable} - ${r.amount}`,
      status: sql`case when ${sharingLine.status} in ('payable', 'waiting') then 'waiting' else ${sharingLine.status} end`,
    })
    .where(eq(sharingLine.id, r.line_id));
}

/** The active released parts of these lines, with their doctor, locked. */
export async function releasesOfLines(
  db: Db,
  lineIds: number[],
): Promise<{ id: number; doctor_id: number; amount: number }[]> {
  if (!lineIds.length) return [];
  const rows = await db
    .select({ id: sharingRelease.id, doctor_id: sharingLine.doctor_id, amount: sharingRelease.amount })
    .from(sharingRelease)
    .innerJoin(sharingLine, eq(sharingLine.id, sharingRelease.line_id))
    .where(and(inArray(sharingRelease.line_id, lineIds), eq(sharingRelease.status, 'active')))
    .for('update', { of: sharingRelease });
  return rows.map((r) => ({ ...r, doctor_id: Number(r.doctor_id) }));
}

export async function markReversed(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.update(sharingRelease).set({ status: 'reversed' }).where(inArray(sharingRelease.id, ids));
}
