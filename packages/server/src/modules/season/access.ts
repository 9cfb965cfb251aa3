import { hasAnyTopLevel } from '@klinik/shared';
import type { AuthedCtx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { SEASON } from './entities.js';
import * as q from './queries.js';

/** The admin panel (spec 2.10): superadmin and the top-level roles. */
export function seesEveryBranch(c: AuthedCtx): boolean {
  return hasAnyTopLevel(c.user);
}

/**
 * One season by id: top-level users reach every season; a superadmin reads the seasons running in their branch and
 * changes only one running in their branch alone (a season shared with other branches is the head office's): 404
 * otherwise, as for another branch's rows.
 */
export async function authorizeSeason(c: AuthedCtx, id: number, action: 'read' | 'write'): Promise<void> {
  if (seesEveryBranch(c)) return;
  const branches = await q.branchesOf(c.db, id);
  const ok = action === 'read' ? branches.includes(c.branchId) : branches.length === 1 && branches[0] === c.branchId;
  if (!ok) throw notFound(SEASON.notFound);
}
