import { launcherFor, type LauncherEntry, type SessionUserDto } from '@klinik/shared';
import { canOpenPath } from '../app/guards';
import { CLINIC_NAV, visibleNav } from '../layouts/nav';

const NAV_ICONS: Record<string, string> = {
  '/service/customer': 'users',
  '/pengumuman': 'megaphone',
  '/confirmation': 'check-square',
  '/master/users': 'users',
  '/master/approval-rule': 'shield-check',
};

/**
 * The launcher tiles a user is shown: the spec's entries (2.1) for the user's role, kept only when the page is built
 * and the user may open it (the same rule as every menu). A role the spec gives no entry (apoteker, superadmin)
 * gets the clinic navigation's pages it may open instead, so no one meets an empty launcher.
 */
export function launcherEntriesFor(user: SessionUserDto): LauncherEntry[] {
  const own = launcherFor(user).filter((e) => canOpenPath(user, e.route.replace('{id}', String(user.id))));
  if (own.some((e) => e.route !== '/')) return own;
  const fromNav = visibleNav(CLINIC_NAV, user)
    .flatMap((g) => g.items)
    .filter((it) => it.path !== '/')
    .map<LauncherEntry>((it) => ({
      key: `nav:${it.path}`,
      name: it.title,
      route: it.path,
      roles: [],
      icon: NAV_ICONS[it.path] ?? 'layout-grid',
    }));
  const seen = new Set<string>();
  return [...own, ...fromNav].filter((e) => (seen.has(e.route) ? false : (seen.add(e.route), true)));
}
