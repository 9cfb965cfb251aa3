import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/paket/promosi': lazy(() => import('./pages/PromosiPage')),
  '/paket/sales': lazy(() => import('./pages/SalesPage')),
  '/paket/registration': lazy(() => import('./pages/RegistrationPage')),
  '/finance/piutang/membership': lazy(() => import('./pages/PiutangPage')),
};
