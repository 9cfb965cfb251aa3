import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Stock flows (issue 13): transfers in two steps, stock counts, pharmacy dispensing and what left by sale. */
export const pages: ModulePages = {
  '/inventory/mutation': lazyPage(() => import('./pages/MutationPage')),
  '/backoffice/inventory/mutation': lazyPage(() => import('./pages/BackofficeMutationPage')),
  '/inventory/sales/resep': lazyPage(() => import('./pages/ResepPage')),
  '/inventory/sales': lazyPage(() => import('./pages/SalesPage')),
};
