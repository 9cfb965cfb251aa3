import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Branch manager (issue 3). */
export const pages: ModulePages = {
  '/backoffice/cabang': lazyPage(() => import('./pages/BranchesPage')),
  '/profile': lazyPage(() => import('./pages/BranchProfilePage')),
};
