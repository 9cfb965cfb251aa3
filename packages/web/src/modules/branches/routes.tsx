import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

/** Branch manager (issue 3). */
export const pages: ModulePages = {
  '/backoffice/cabang': lazy(() => import('./pages/BranchesPage')),
};
