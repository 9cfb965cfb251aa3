import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Pricelist (issue N). The path must already be in ROUTE_SPECS (src/app/routes.tsx), from the spec's routes. */
export const pages: ModulePages = {
  '/backoffice/pricelist': lazyPage(() => import('./pages/PricelistPage')),
};
