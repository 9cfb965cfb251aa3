import type { Ctx } from '../../http/context.js';
import * as q from './queries.js';

/**
 * For the visits module: the reservation a visit was registered from is now 'datang' (one owner per table: the
 * reservations module writes the reservation row). Runs in the caller's transaction.
 */
export async function markReservationArrived(ctx: Pick<Ctx, 'db'>, id: number, at: string): Promise<void> {
  await q.markReservationArrived(ctx.db, id, at);
}
