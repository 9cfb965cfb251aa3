/** What the attendance services share: the minute, and the branches a request reads. */
import { branchScope, type BranchScope } from '../../../http/access-scope.js';
import { type Ctx } from '../../../http/context.js';

export const MIN = 60_000;

/** The branches a request reads (the platform's rule, http/access-scope.ts): isallbranch=1 is for owner/developer. */
export function scopeOf(ctx: Ctx, isallbranch?: number): BranchScope {
  return branchScope(ctx, { isallbranch });
}
