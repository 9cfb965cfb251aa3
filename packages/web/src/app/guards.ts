import { allowsPage, GUARDS, hasAnyTopLevel, inRoles, PAGE_ACCESS, type AccessSubject } from '@klinik/shared';
import type { AppRoute, RouteGuard } from './route-types';
import { ROUTES } from './routes';

/** Whether a signed-in user may open a route with this guard (owner/developer pass everything via inRoles). */
export function canEnter(user: AccessSubject | null | undefined, guard: RouteGuard): boolean {
  if (!user) return false;
  switch (guard) {
    case 'none':
      return true;
    case 'backoffice':
      return hasAnyTopLevel(user);
    default:
      return inRoles(user, GUARDS[guard]);
  }
}

/**
 * Whether the server gives the user the data of a route's page: the rules of the page's calls (PAGE_ACCESS in
 * @klinik/shared, the same rules the server's endpoints declare). Planned routes load nothing.
 */
export function hasPageAccess(user: AccessSubject | null | undefined, route: Pick<AppRoute, 'path'>): boolean {
  return allowsPage(user, PAGE_ACCESS[route.path]);
}

/**
 * Whether a menu, launcher tile or link may offer a route: it is built, its guard lets the user in and the server
 * would answer its page's calls. Planned routes are never offered (they lead nowhere).
 */
export function canOpen(user: AccessSubject | null | undefined, route: AppRoute | undefined): boolean {
  return !!route && !route.planned && canEnter(user, route.guard) && hasPageAccess(user, route);
}

/** The registry route that serves a concrete path (`/user/12` -> `/user/:id`). */
export function routeForPath(path: string): AppRoute | undefined {
  const clean = path.length > 1 ? path.replace(/\/$/, '') : path;
  return ROUTES.find((r) => new RegExp(`^${r.path.replace(/:[a-zA-Z_]+/g, '[^/]+')}$`).test(clean));
}

/** canOpen for a concrete path (launcher routes have the user's id filled in). */
export function canOpenPath(user: AccessSubject | null | undefined, path: string): boolean {
  return canOpen(user, routeForPath(path));
}
