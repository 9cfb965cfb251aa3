import type { VisitDto } from '@klinik/shared';
import { requireAccess } from '../../http/access-scope.js';
import { requireUser, type Ctx } from '../../http/context.js';
import { branchScope } from '../../http/access-scope.js';
import { VISIT } from './entities.js';
import * as q from './queries.js';

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
