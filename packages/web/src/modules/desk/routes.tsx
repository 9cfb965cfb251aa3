import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Around the desk (issue 11 item 7): price list, a patient's packages, members, the person behind a search result. */
export const pages: ModulePages = {
  '/service/pricelist': lazyPage(() => import('./pages/PricelistPage')),
  '/service/paket': lazyPage(() => import('./pages/PaketPasienPage')),
  '/membership/member': lazyPage(() => import('./pages/MemberPage')),
  '/backoffice/membership/member': lazyPage(() => import('./pages/MemberBackofficePage')),
  '/customer/:id': lazyPage(() => import('./pages/CustomerPage')),
};
