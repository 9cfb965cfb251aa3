import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

/** Profile card and user accounts (issue 3). */
export const pages: ModulePages = {
  '/user/:id': lazy(() => import('./pages/ProfilePage')),
  '/master/users': lazy(() => import('./pages/UsersPage')),
};
