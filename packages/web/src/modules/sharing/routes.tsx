import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Issue 29 item 1: the sharing rules master (server: modules/sharing). */
export const pages: ModulePages = {
  '/finance/master/sharingprofit': lazyPage(() => import('./pages/SharingRulesPage')),
};
