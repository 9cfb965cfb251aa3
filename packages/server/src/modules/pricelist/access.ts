import { isTopLevel } from '@klinik/shared';
import type { AuthedCtx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';

/**
 * GET /api/pricelist/price for another branch: top-level users read every branch; anyone else only their own
 * (another branch answers 404, as its rows do).
 */
export async function authorizePrice(c: AuthedCtx, profileId: number | undefined): Promise<void> {
  if (profileId === undefined || profileId === c.branchId || isTopLevel(c.user)) return;
  throw notFound('Cabang tidak ditemukan');
}
