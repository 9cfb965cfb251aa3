import { isTopLevel } from '@klinik/shared';
import type { AuthedCtx } from '../../http/context.js';
import { requireAccess } from '../../http/access-scope.js';
import { forbidden } from '../../http/errors.js';
import { USER } from '../users/index.js';

/**
 * A user's sessions (issue 30 item 6): owner and developer see and end anyone's, everyone else only their own.
 * Another branch's account is 404 for a branch user (as every id), a colleague's in the branch 403.
 */
export async function authorizeSessions(ctx: AuthedCtx, userId: number, action: 'read' | 'write'): Promise<void> {
  await requireAccess(ctx, USER, [userId], action);
  if (userId !== ctx.user.id && !isTopLevel(ctx.user)) throw forbidden();
}
