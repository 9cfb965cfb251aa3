import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/service/master/tindakanmedis': lazyPage(() => import('./pages/TindakanMedisPage')),
  '/service/master/laboratorium': lazyPage(() => import('./pages/LaboratoriumPage')),
  '/inventory/master/item': lazyPage(() => import('./pages/ItemPage')),
};
