import { canFeature, PAKET_READ, PIUTANG_READ, type Resource } from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { forbidden } from '../../http/errors.js';

/**
 * Some reads serve two pages with different privileges (the package list serves /paket/promosi with
 * MASTER_PAKET and the wizard with LAYANAN_PAKET): the route declares `auth` and this check narrows it.
 */
export function requireAnyRead(ctx: Ctx, ...resources: Resource[]): void {
  const c = requireUser(ctx);
  if (!resources.some((r) => canFeature(c.user, r, 'read'))) throw forbidden();
}

export { PAKET_READ, PIUTANG_READ };
