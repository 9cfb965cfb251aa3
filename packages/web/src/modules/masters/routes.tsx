import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/service/master/tindakanmedis': lazy(() => import('./pages/TindakanMedisPage')),
  '/service/master/laboratorium': lazy(() => import('./pages/LaboratoriumPage')),
  '/inventory/master/item': lazy(() => import('./pages/ItemPage')),
};
