import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/finance/master/akun': lazy(() => import('./pages/AkunPage')),
  '/finance/master/paymentmethod': lazy(() => import('./pages/PaymentMethodPage')),
  '/finance/master/pajak': lazy(() => import('./pages/PajakPage')),
  '/finance/periode': lazy(() => import('./pages/PeriodePage')),
  '/finance/createjurnalumum': lazy(() => import('./pages/CreateJurnalUmumPage')),
  '/finance/laporan/jurnal': lazy(() => import('./pages/JurnalReportPage')),
  '/finance/laporan/bukubesar': lazy(() => import('./pages/BukuBesarPage')),
  '/finance/laporan/trialbalance': lazy(() => import('./pages/TrialBalancePage')),
  '/finance/laporan/labarugi': lazy(() => import('./pages/LabaRugiPage')),
  '/finance/laporan/neraca': lazy(() => import('./pages/NeracaPage')),
};
