import { describe, expect, it } from 'vitest';
import { PAGE_ACCESS, STAFF_ROLE_NAMES, TOPLEVEL_IDS, type RoleName, type SessionUserDto } from '@klinik/shared';
import { launcherEntriesFor } from '../components/launcher-entries';
import {
  ADMIN_NAV,
  ATTENDANCE_NAV,
  BACKOFFICE_NAV,
  CLINIC_NAV,
  FINANCE_NAV,
  moduleEntry,
  PAKET_NAV,
  visibleNav,
} from '../layouts/nav';
import { topMenuFor } from '../layouts/TopMenu';
import { canEnter, canOpen, canOpenPath, hasPageAccess, routeForPath } from './guards';
import { ROUTES } from './routes';
import { sessionUser } from '../test/session-user';

const user = (role: RoleName, roletoplevel = 0): SessionUserDto => sessionUser(role, roletoplevel, 7);

/** Every demo kind of account: each staff role, and managers with each top-level role. */
const USERS: [string, SessionUserDto][] = [
  ...STAFF_ROLE_NAMES.map((r) => [r, user(r)] as [string, SessionUserDto]),
  ...(Object.entries(TOPLEVEL_IDS) as [string, number][]).map(
    ([name, id]) => [`manager+${name}`, user('manager', id)] as [string, SessionUserDto],
  ),
];
const ALL_NAV = [CLINIC_NAV, FINANCE_NAV, PAKET_NAV, ATTENDANCE_NAV, BACKOFFICE_NAV, ADMIN_NAV];

/** Every path a user is offered anywhere: side navigations, top menu, launcher. */
function offered(u: SessionUserDto): string[] {
  return [
    ...ALL_NAV.flatMap((n) => visibleNav(n, u).flatMap((g) => g.items.map((i) => i.path))),
    ...topMenuFor(u).map((m) => m.route),
    ...launcherEntriesFor(u).map((e) => e.route),
  ];
}

describe('one truth for access (issue 16)', () => {
  it('every built page declares the access of its data in PAGE_ACCESS', () => {
    for (const r of ROUTES.filter((x) => !x.planned)) expect(PAGE_ACCESS[r.path], r.path).toBeDefined();
    for (const p of Object.keys(PAGE_ACCESS)) expect(ROUTES.find((r) => r.path === p)?.planned, p).toBe(false);
  });

  it.each(USERS)('%s is offered only built pages its guard and the server let it open', (_name, u) => {
    const paths = offered(u);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) {
      const route = routeForPath(p);
      expect(route, p).toBeDefined();
      expect(route!.planned, `${p} is planned`).toBe(false);
      expect(canEnter(u, route!.guard), `${p} guard`).toBe(true);
      expect(hasPageAccess(u, route!), `${p} data access`).toBe(true);
    }
  });

  it('offers every role a home with something to open besides the home page itself', () => {
    for (const [name, u] of USERS) {
      const tiles = launcherEntriesFor(u).filter((e) => e.route !== '/');
      expect(tiles.length, name).toBeGreaterThan(0);
    }
    expect(launcherEntriesFor(user('apoteker')).map((e) => e.route)).toContain('/service/customer');
    expect(launcherEntriesFor(user('superadmin')).map((e) => e.route)).toContain('/master/users');
  });

  it('leads top-menu modules to their first page the user may open, or leaves them out', () => {
    const admin = topMenuFor(user('admin'));
    expect(admin.find((m) => m.key === 'finance')?.route).toBe('/finance/piutang/membership');
    // Spec 2.1: the Attendance module opens on the daily attendance; finance (payroll only) on the payroll run.
    expect(admin.find((m) => m.key === 'attendance')?.route).toBe('/attendance/attendance/daily');
    expect(topMenuFor(user('finance')).find((m) => m.key === 'attendance')?.route).toBe(
      '/attendance/payroll/transaction',
    );
    expect(topMenuFor(user('inventory')).find((m) => m.key === 'attendance')).toBeUndefined();
    expect(admin.find((m) => m.key === 'service')?.route).toBe('/service/customer');
    const finance = topMenuFor(user('finance'));
    // The Finance module opens on its spec entry /finance/income/tindakanmedis (built by issue 28).
    expect(finance.find((m) => m.key === 'finance')?.route).toBe('/finance/income/tindakanmedis');
    expect(finance.find((m) => m.key === 'paket')?.route).toBe('/paket/sales');
    // Investors pass the clinic guard but read no patient data: no Service module, no Data Pasien.
    expect(topMenuFor(user('investor')).map((m) => m.key)).not.toContain('service');
    // The Inventory module opens on its spec entry /inventory/warehouse (built by issue 13).
    expect(moduleEntry(user('inventory'), 'inventory')).toBe('/inventory/warehouse');
    expect(topMenuFor(user('dokter')).map((m) => m.key)).toEqual(['dashboard', 'service']);
  });

  it('refuses pages whose data the server refuses, even when the role guard lets the user in', () => {
    const akun = routeForPath('/finance/master/akun')!;
    expect(canEnter(user('admin'), akun.guard)).toBe(true);
    expect(canOpen(user('admin'), akun)).toBe(false);
    expect(canOpenPath(user('dokter'), '/service/master/tindakanmedis')).toBe(false);
    expect(canOpenPath(user('perawat'), '/service/master/tindakanmedis')).toBe(false);
    expect(canOpenPath(user('investor'), '/service/master/tindakanmedis')).toBe(false);
    expect(canOpenPath(user('investor'), '/confirmation')).toBe(false);
    expect(canOpenPath(user('manager'), '/finance/laporan/labarugi')).toBe(true);
    expect(canOpenPath(user('manager'), '/user/7')).toBe(true);
  });
});
