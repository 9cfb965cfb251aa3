import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** The masters the chain owns (issue 30 item 2): one page, one field config per kind. */
export const pages: ModulePages = {
  '/backoffice/master/item': lazyPage(() => import('./pages/ChainItemPage')),
  '/backoffice/master/item_category': lazyPage(() => import('./pages/ChainCategoryPage')),
  '/backoffice/master/item_supplier': lazyPage(() => import('./pages/ChainSupplierPage')),
  '/backoffice/master/treatment': lazyPage(() => import('./pages/ChainTreatmentPage')),
  '/backoffice/master/promosi': lazyPage(() => import('./pages/ChainPackagePage')),
  '/backoffice/master/promo': lazyPage(() => import('./pages/ChainPromoPage')),
  '/backoffice/master/foto-label': lazyPage(() => import('./pages/ChainLabelPage')),
};
