import { ROLE_IDS, access, isTopLevel } from '@klinik/shared';
import type { AuthedCtx } from '../../http/context.js';

/** FINANCE_SHARING (spec 6): finance and managers manage; the investor role reads (only its own rows, below). */
export const sharingRead = access.feature('FINANCE_SHARING', 'read');
export const sharingManage = access.feature('FINANCE_SHARING', 'manage');

/**
 * An investor (role investor, not top-level) reads only the rows of the investor entries that name their account:
 * answers their user id to filter by, or null for staff who read the whole branch.
 */
export function ownInvestorUser(ctx: AuthedCtx): number | null {
  return ctx.user.role === ROLE_IDS.investor && !isTopLevel(ctx.user) ? ctx.user.id : null;
}
