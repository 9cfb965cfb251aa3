import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** The chain's price list (issue 30 item 3), for the head office. */
export const pages: ModulePages = {
  '/backoffice/pricelist': lazyPage(() => import('./pages/PricelistPage')),
};
