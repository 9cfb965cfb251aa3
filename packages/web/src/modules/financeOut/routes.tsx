import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/**
 * Issue 28: payment transactions and party pages (server: modules/finance/payables), tax payables and expenses
 * (modules/finance/taxes and modules/finance/expenses).
 */
const taxPage = lazyPage(() => import('./pages/TaxPayablePage'));
const actorPage = lazyPage(() => import('./pages/HutangActorPage'));
export const pages: ModulePages = {
  '/finance/hutang/transaction': lazyPage(() => import('./pages/HutangTransactionPage')),
  '/finance/hutang/actor/doctor': actorPage,
  '/finance/hutang/actor/investor': actorPage,
  '/finance/hutang/actor/rumahsakit': actorPage,
  '/finance/hutang/actor/laboratorium': actorPage,
  '/finance/hutang/actor/vendor': actorPage,
  '/finance/hutang/dokter': lazyPage(() => import('./pages/ExpenseRegisterPage')),
  '/finance/hutang/customer': lazyPage(() => import('./pages/ExpenseManagePage')),
  '/finance/hutang/pajak/pph_badan': taxPage,
  '/finance/hutang/pajak/pph_doctor': taxPage,
  '/finance/hutang/pajak/pph_investor': taxPage,
  '/finance/hutang/pajak/pph_pegawai': taxPage,
};
