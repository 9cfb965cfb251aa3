import { GUARDS, hasAnyTopLevel, inRoles, type AccessSubject } from '@klinik/shared';
import type { RouteGuard } from './route-types';

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
