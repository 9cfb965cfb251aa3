import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Profile card and user accounts (issue 3). */
export const pages: ModulePages = {
  '/user/:id': lazyPage(() => import('./pages/ProfilePage')),
  '/master/users': lazyPage(() => import('./pages/UsersPage')),
  '/backoffice/account/user': lazyPage(() => import('./pages/AccountsBackofficePage')),
};
