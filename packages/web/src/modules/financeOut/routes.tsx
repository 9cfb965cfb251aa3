import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Issue 28 items 4 and 5: tax payables and expenses (server: modules/finance/taxes and modules/finance/expenses). */
const taxPage = lazyPage(() => import('./pages/TaxPayablePage'));
export const pages: ModulePages = {
  '/finance/hutang/dokter': lazyPage(() => import('./pages/ExpenseRegisterPage')),
  '/finance/hutang/customer': lazyPage(() => import('./pages/ExpenseManagePage')),
  '/finance/hutang/pajak/pph_badan': taxPage,
  '/finance/hutang/pajak/pph_doctor': taxPage,
  '/finance/hutang/pajak/pph_investor': taxPage,
  '/finance/hutang/pajak/pph_pegawai': taxPage,
};
