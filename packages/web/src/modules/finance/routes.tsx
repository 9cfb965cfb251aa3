import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/finance/master/akun': lazyPage(() => import('./pages/AkunPage')),
  '/finance/master/paymentmethod': lazyPage(() => import('./pages/PaymentMethodPage')),
  // Issue 30 item 2: the chain's payment methods at the head office (the same page; top-level users manage).
  '/backoffice/master/payment-method': lazyPage(() => import('./pages/PaymentMethodPage')),
  '/finance/master/pajak': lazyPage(() => import('./pages/PajakPage')),
  '/finance/master/jurnalautoposting': lazyPage(() => import('./pages/JurnalAutopostingPage')),
  '/finance/periode': lazyPage(() => import('./pages/PeriodePage')),
  '/finance/createjurnalumum': lazyPage(() => import('./pages/CreateJurnalUmumPage')),
  '/finance/laporan/jurnal': lazyPage(() => import('./pages/JurnalReportPage')),
  '/finance/laporan/bukubesar': lazyPage(() => import('./pages/BukuBesarPage')),
  '/finance/laporan/trialbalance': lazyPage(
    () => import('./pages/TrialBalancePage'),
    (client) => import('./pages/trial-balance-data').then((m) => m.prefetchTrialBalance(client)),
  ),
  '/finance/laporan/labarugi': lazyPage(() => import('./pages/LabaRugiPage')),
  '/finance/laporan/neraca': lazyPage(() => import('./pages/NeracaPage')),
  // Issue 28 item 6: one page for the five income reports (the kind from the path) and the statements hub.
  '/finance/income/tindakanmedis': lazyPage(() => import('./income/IncomeReportPage')),
  '/finance/income/service': lazyPage(() => import('./income/IncomeReportPage')),
  '/finance/income/paket': lazyPage(() => import('./income/IncomeReportPage')),
  '/finance/income/treatment': lazyPage(() => import('./income/IncomeReportPage')),
  '/finance/income/pendingformlab': lazyPage(() => import('./income/IncomeReportPage')),
  // Issue 30: the same treatment report across branches for top-level users.
  '/backoffice/finance/income/treatment': lazyPage(() => import('./income/BackofficeIncomePage')),
  '/finance/report': lazyPage(() => import('./report-hub/ReportHubPage')),
};
