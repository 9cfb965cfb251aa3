import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Profile card and user accounts (issue 3). */
export const pages: ModulePages = {
  '/user/:id': lazyPage(() => import('./pages/ProfilePage')),
  '/master/users': lazyPage(() => import('./pages/UsersPage')),
  // Admin panel (spec 2.10): the same accounts page, and one's own profile with its sessions.
  '/users': lazyPage(() => import('./pages/UsersPage')),
  '/me/profile': lazyPage(() => import('./pages/MyProfilePage')),
  '/backoffice/account/user': lazyPage(() => import('./pages/AccountsBackofficePage')),
  // Issue 30 item 2: the chain's membership levels, kept by the head office.
  '/backoffice/master/membership-level': lazyPage(() => import('./pages/MembershipLevelPage')),
};
