import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Investors, deviden settings and runs, deviden per procedure (issue 29 part B). Paths are in ROUTE_SPECS. */
export const pages: ModulePages = {
  '/finance/master/investor': lazyPage(() => import('./pages/InvestorsPage')),
  '/finance/master/devidensetting': lazyPage(() => import('./pages/DevidenSettingPage')),
  '/finance/income/tindakanmedis/deviden': lazyPage(() => import('./pages/DevidenIncomePage')),
  // 'Bagi Hasil': the distribution runs (read; computing stays on the settings page).
  '/finance/profitsharing': lazyPage(() => import('./pages/ProfitSharingPage')),
  // 'Data Investor': the signed-in investor's branches by month, as charts.
  '/dashboard/stakeholder/investor': lazyPage(() => import('./pages/InvestorDashboardPage')),
};
