import { launcherFor, type LauncherEntry, type SessionUserDto } from '@klinik/shared';
import { canOpenPath } from '../app/guards';
import { CLINIC_NAV, visibleNav } from '../layouts/nav';
import type { SearchEntry } from './launcher';

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
  const own = ownEntries(user);
  if (own.some((e) => e.route !== '/')) return own;
  return unique([...own, ...navEntries(user)]);
}

/**
 * The everyday words people type for a page whose title says it otherwise (the admin's till is 'Pembayaran').
 * Titles already carry 'Data Pasien', 'Reservasi', 'Kunjungan', 'Kasir Klinik'.
 */
const SEARCH_WORDS: Record<string, string> = {
  '/service/payment': 'kasir bayar tagihan',
  '/service/customer': 'pasien rekam medis baru',
  '/service/visit': 'kunjungan pasien',
  '/service/registration/reservation': 'reservasi check-in',
  '/service/registration/schedule': 'reservasi booking dokter',
  '/kasir/sales': 'kasir',
  '/membership/member': 'pasien',
};

/**
 * What the launcher's search looks through (issue 26 item 7): the tiles, then every other clinic page the user
 * may open (so 'kasir', 'reservasi', 'kunjungan' and 'pasien' find the daily pages that are not tiles), each with
 * its everyday words.
 */
export function launcherSearchable(user: SessionUserDto): SearchEntry[] {
  return unique([...ownEntries(user), ...navEntries(user)]).map((e) => ({
    ...e,
    words: SEARCH_WORDS[e.route.replace('{id}', String(user.id))],
  }));
}

function ownEntries(user: SessionUserDto): LauncherEntry[] {
  return launcherFor(user).filter((e) => canOpenPath(user, e.route.replace('{id}', String(user.id))));
}

function navEntries(user: SessionUserDto): LauncherEntry[] {
  return visibleNav(CLINIC_NAV, user)
    .flatMap((g) => g.items)
    .filter((it) => it.path !== '/')
    .map<LauncherEntry>((it) => ({
      key: `nav:${it.path}`,
      name: it.title,
      route: it.path,
      roles: [],
      icon: NAV_ICONS[it.path] ?? 'layout-grid',
    }));
}

function unique(entries: LauncherEntry[]): LauncherEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => (seen.has(e.route) ? false : (seen.add(e.route), true)));
}
