import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/paket/promosi': lazyPage(() => import('./pages/PromosiPage')),
  '/paket/sales': lazyPage(() => import('./pages/SalesPage')),
  '/paket/registration': lazyPage(() => import('./pages/RegistrationPage')),
  '/finance/piutang/membership': lazyPage(() => import('./pages/PiutangPage')),
};
