import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/backoffice': lazyPage(() => import('./pages/BackofficeDashboardPage')),
  '/backoffice/finance/report': lazyPage(() => import('./pages/BackofficeReportPage')),
};
