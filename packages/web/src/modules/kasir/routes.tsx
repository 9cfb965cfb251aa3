import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/kasir/payment': lazyPage(() => import('./pages/KasirPage')),
  '/kasir/sales': lazyPage(() => import('./pages/SalesPage')),
  '/service/payment': lazyPage(() => import('./pages/KasirPage')),
  '/backoffice/nota': lazyPage(() => import('./pages/NotaBackofficePage')),
};
