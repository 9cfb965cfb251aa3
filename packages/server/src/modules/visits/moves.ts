import type { VisitStatus } from '@klinik/shared';
import type { AuthedCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import * as q from './queries.js';

/** The column a visit's move to a status stamps with the time of the move. */
export const STAMP: Partial<Record<VisitStatus, 'called_at' | 'started_at' | 'finished_at' | 'cancelled_at'>> = {
  dipanggil: 'called_at',
  diperiksa: 'started_at',
  selesai: 'finished_at',
  batal: 'cancelled_at',
};

/** Logs and audits one move of a visit in the caller's transaction; `after` is what the audit adds to the new status. */
export async function recordMove(
  tx: AuthedCtx,
  id: number,
  move: { from: VisitStatus; to: VisitStatus; at: string },
  after: Record<string, unknown>,
): Promise<void> {
  const { from, to, at } = move;
  await q.insertStatusLog(tx.db, { visit_id: id, from_status: from, to_status: to, by_user: tx.user.id, at });
  await audit(tx, {
    action: 'status',
    entity: 'visit',
    entityId: id,
    before: { status: from },
    after: { status: to, ...after },
  });
}
