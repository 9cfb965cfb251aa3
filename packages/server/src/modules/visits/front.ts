import { VISIT_EVENT_CHANNEL, visitTransitionMessage, type VisitDto, type VisitStatus } from '@klinik/shared';
import { requireAccess } from '../../http/access-scope.js';
import { requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { branchScope } from '../../http/access-scope.js';
import { conflict } from '../../http/errors.js';
import { publishBranchEvent } from '../../lib/branch-events.js';
import { VISIT } from './entities.js';
import * as q from './queries.js';
import { recordMove, STAMP } from './moves.js';

/**
 * For other modules (the medical record, the cashier): one visit of the caller's branch by id, or the entity's
 * 404. Reads through the same scoped query as the queue.
 */
export async function findVisitForRecord(ctx: Ctx, id: number, action: 'read' | 'write' = 'read'): Promise<VisitDto> {
  const c = requireUser(ctx);
  await requireAccess(c, VISIT, [id], action);
  const [dto] = await q.listQueue(c.db, { scope: branchScope(c, { isallbranch: 1 }), id });
  return dto;
}

const STEPS: Partial<Record<VisitStatus, VisitStatus>> = {
  menunggu: 'dipanggil',
  dipanggil: 'diperiksa',
  diperiksa: 'selesai',
};

/**
 * For the medical record (issue 12): finishing a visit's record makes the visit 'selesai' (examined, ready for the
 * cashier). Inside the caller's transaction, the visit walks the state machine step by step from where it is
 * (menunggu -> dipanggil -> diperiksa -> selesai), each step logged and audited like a queue move; a visit already
 * 'selesai' stays; a cancelled one is 409. Answers the statuses passed through.
 */
export async function completeVisitForRecord(tx: AuthedCtx, id: number): Promise<VisitStatus[]> {
  const passed: VisitStatus[] = [];
  for (let i = 0; i < 4; i++) {
    const before = await q.findVisit(tx.db, id);
    if (!before) break;
    const from = before.status as VisitStatus;
    if (from === 'selesai') break;
    const to = STEPS[from];
    if (!to) throw conflict(visitTransitionMessage(from, 'selesai'), 'status');
    const at = tx.now().toISOString();
    const after = await q.transition(tx.db, id, from, { status: to, [STAMP[to]!]: at, updated_at: at });
    if (!after) throw conflict(visitTransitionMessage(from, to), 'status');
    await recordMove(tx, id, { from, to, at }, { by: 'rekam_medis' });
    passed.push(to);
  }
  if (passed.length) await publishBranchEvent(tx.db, VISIT_EVENT_CHANNEL, tx.branchId, [id]);
  return passed;
}

/**
 * For the reservations module's reminders: the visit's follow-up reminder went out (one owner per table: the visits
 * module writes the visit row). Runs in the caller's transaction.
 */
export async function markFollowUpReminded(ctx: Pick<Ctx, 'db'>, id: number, at: string) {
  return q.markFollowUpReminded(ctx.db, id, at);
}
