import type { Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';

/**
 * A row of this module is answered only to its own branch; another branch's row is 404, as if it did not exist.
 * One place until the platform's shared requireAccess lands (issue 9 item 1), which replaces it.
 */
export function assertOwnBranch<T extends { profile_id: number | null }>(
  ctx: Ctx,
  row: T | null | undefined,
): asserts row is T {
  if (!row || row.profile_id !== ctx.branchId) throw notFound();
}
