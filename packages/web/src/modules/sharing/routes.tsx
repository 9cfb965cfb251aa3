import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Issue 29 item 1: the sharing rules master (server: modules/sharing). */
export const pages: ModulePages = {
  '/finance/master/sharingprofit': lazyPage(() => import('./pages/SharingRulesPage')),
  // Issue 29 item 3: the doctors' payout runs.
  '/finance/sharingprofit': lazyPage(() => import('./pages/SharingRunsPage')),
  // Issue 29 item 6: My Income of a doctor or an investor.
  '/user/:id/finance': lazyPage(() => import('./pages/MyIncomePage')),
};
