import type { Ctx } from '../../http/context.js';
import { branchScope, inScope } from '../../http/access-scope.js';

/** What an account needs to take a posting line; one check for postJournal and the automatic-journal mapping. */
export interface PostableAccount {
  isheader: boolean;
  status: number;
  profile_id: number | null;
}

/**
 * Why the account cannot take a posting of ctx.branchId (to follow its code and name in a message), or null when it
 * can: a header, an inactive account, or another branch's (shared accounts, branch column NULL, serve every branch).
 */
export function accountProblem(ctx: Ctx, a: PostableAccount): string | null {
  if (a.isheader) return 'adalah akun header dan tidak dapat diposting';
  if (a.status !== 1) return 'tidak aktif';
  if (!inScope(branchScope(ctx, {}, 'write'), a.profile_id, true)) return 'milik cabang lain';
  return null;
}
