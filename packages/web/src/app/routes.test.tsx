import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { GUARDS, LAUNCHER, MSG, ROLE_NAMES, TOP_MENU, TOPLEVEL_IDS } from '@klinik/shared';
import { makeQueryClient, makeTrpcClient, SESSION_KEY, TRPCProvider } from '../lib/trpc';

/** The HTML once every lazy part (layouts, pages) has loaded: layouts load on demand since issue 10. */
async function renderAll(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
import { ADMIN_NAV, ATTENDANCE_NAV, BACKOFFICE_NAV, CLINIC_NAV, FINANCE_NAV, PAKET_NAV } from '../layouts/nav';
import { canEnter } from './guards';
import { buildRouteObjects } from './router';
import { LAYOUT_NAMES } from './route-types';
import { MODULE_PAGES, PLANNED_COUNT, resolveRoutes, ROUTE_SPECS, ROUTES } from './routes';
import { sessionUser } from '../test/session-user';

/** Spec sections 2.1 to 2.10, word for word, before expansion. */
const SPEC_ROUTES = `
/ /user/{id} /user/{id}/finance /dashboard/stakeholder/pegawai /dashboard/stakeholder/doctor /dashboard/stakeholder/investor
/service/master/tindakanmedis /service/master/laboratorium /service/master/multimedialabel /service/rekammedis /service/visit
/service/visit/multimedia /service/payment /paket/promosi /paket/sales /inventory/master/item /inventory/master/category
/inventory/master/vendor /inventory/mutation /inventory/warehouse /inventory/purchase /inventory/purchase/receive
/inventory/purchase/low /inventory/sales /inventory/sales/resep /attendance/employees /attendance/attendance/daily
/attendance/payroll/transaction /finance/master/akun /finance/master/paymentmethod /finance/master/pajak
/finance/master/sharingprofit /finance/master/devidensetting /finance/master/investor /finance/income/tindakanmedis
/finance/income/tindakanmedis/deviden /finance/income/pendingformlab /finance/hutang/transaction /finance/laporan/jurnal
/finance/laporan/trialbalance /finance/laporan/bukubesar
/ /service/rekammedis /paket/sales /inventory/warehouse /attendance/attendance/daily /finance/income/tindakanmedis
/finance/income/tindakanmedis /finance/income/service /finance/income/paket /finance/hutang/transaction
/finance/hutang/actor/{doctor|investor|rumahsakit|laboratorium|vendor} /finance/hutang/pajak/{pph_badan|pph_doctor|pph_investor|pph_pegawai}
/finance/hutang/dokter /finance/hutang/customer /finance/periode /finance/laporan/trialbalance /finance/laporan/labarugi
/finance/laporan/jurnal /finance/laporan/bukubesar /finance/piutang/membership /finance/master/akun /finance/master/paymentmethod
/finance/master/pajak /finance/master/investor /finance/master/sharingprofit /finance/master/devidensetting
/finance/master/jurnalautoposting /finance/profitsharing /finance/createjurnalumum/ /finance/sharingprofit /finance/report
/paket/promosi /paket/sales /paket/registration
/attendance/employees/ /attendance/attendance/daily /attendance/payroll/transaction /attendance/master/department
/attendance/master/schedule /attendance/master/payrollperiode /attendance/master/payrollcomponent /customer/{id}
/backoffice/ /backoffice/cabang /backoffice/pasien /backoffice/pricelist /backoffice/account/user /backoffice/finance/income/treatment
/backoffice/finance/report /backoffice/kunjungan /backoffice/membership/member /backoffice/nota /backoffice/inventory/mutation
/backoffice/inventory/purchase /backoffice/rekammedis/{treatment|produk|resep|foto} /backoffice/attendance/{checklog|shift|office}
/backoffice/satusehat/{data|master|settings}
/backoffice/master/{item|item_category|item_supplier|treatment|promosi|promo|foto-label|payment-method|membership-level}
/ /service/customer /service/pricelist /service/reservasi /service/kunjungan /service/paket /membership/member /kasir/payment
/kasir/sales /inventory/item /inventory/mutation /inventory/purchase /rekammedis/{treatment|produk|resep|foto|soap}
/finance/income/treatment /finance/sharingprofit /finance/hutang/transaction /finance/report /master/approval-rule /master/users
/pengumuman /confirmation /my-attendance /backoffice /user/{id}
/inventory/warehouse /inventory/mutation /inventory/purchase /inventory/sales /inventory/master/{item|category|vendor|warehouse}
/service/rekammedis /service/visit/ /service/visit/multimedia /service/payment
/service/master/{tindakanmedis|laboratorium|multimedialabel|doctor} /service/visitreminder /service/consultation /service/tindakan
/service/registration/{reservation|schedule}
/profile /users /season /me/profile
`;

function expand(route: string): string[] {
  const m = /\{([^}]*\|[^}]*)\}/.exec(route);
  if (m) return m[1].split('|').flatMap((alt) => expand(route.replace(m[0], alt)));
  const path = route.replace(/\{id\}/g, ':id');
  return [path.length > 1 ? path.replace(/\/$/, '') : path];
}

const EXPECTED = [...new Set(SPEC_ROUTES.split(/\s+/).filter(Boolean).flatMap(expand))].sort();

const user = sessionUser;

describe('route registry', () => {
  it('holds every spec route exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const missing = EXPECTED.filter((p) => !paths.includes(p));
    expect(missing).toEqual([]);
  });

  it('writes routes the spec does not list (module detail pages) in the same form', () => {
    const extras = ROUTES.map((r) => r.path).filter((p) => !EXPECTED.includes(p));
    for (const p of extras) {
      expect(p, p).toMatch(/^\/[\w/:-]*[\w-]$/);
      expect(p.endsWith('/'), p).toBe(false);
    }
  });

  it('gives every route a title, a layout and a guard decision', () => {
    const guards = new Set<string>([...Object.keys(GUARDS), 'backoffice', 'none']);
    for (const r of ROUTES) {
      expect(r.title.trim(), r.path).not.toBe('');
      expect(LAYOUT_NAMES, r.path).toContain(r.layout);
      expect(guards.has(r.guard), `${r.path}: ${r.guard}`).toBe(true);
    }
  });

  it('follows the guard decisions of docs/decisions.md', () => {
    const expectedGuard = (p: string) => {
      if (/^\/(service|rekammedis|kasir|membership|customer)\//.test(p)) return 'clinic';
      if (p.startsWith('/inventory/')) return 'inventory';
      if (p.startsWith('/paket/') || p.startsWith('/attendance/')) return 'paket';
      if (p.startsWith('/finance/')) return 'finance';
      if (p.startsWith('/dashboard/stakeholder/')) return 'stakeholder';
      if (p.startsWith('/master/')) return 'master';
      if (p === '/backoffice' || p.startsWith('/backoffice/')) return 'backoffice';
      if (['/profile', '/users', '/season', '/me/profile'].includes(p)) return 'superadmin';
      if (p === '/admin/jobs') return 'owner';
      return 'none';
    };
    for (const r of ROUTES) expect(r.guard, r.path).toBe(expectedGuard(r.path));
  });

  it('counts the planned routes', () => {
    expect(PLANNED_COUNT).toBe(ROUTES.filter((r) => r.planned).length);
    expect(ROUTES.find((r) => r.path === '/')?.planned).toBe(false);
    for (const r of ROUTES) expect(r.planned, r.path).toBe(!r.page);
  });

  it("lets a launcher entry's roles enter its route", () => {
    for (const e of LAUNCHER) {
      const path = e.route.replace('{id}', ':id');
      const route = ROUTES.find((r) => r.path === path);
      expect(route, e.route).toBeDefined();
      for (const role of e.roles) expect(canEnter(user(role), route!.guard), `${role} -> ${e.route}`).toBe(true);
    }
  });

  it('has a route for every top menu module and every navigation item', () => {
    for (const m of TOP_MENU)
      expect(
        ROUTES.some((r) => r.path === m.route),
        m.route,
      ).toBe(true);
    for (const groups of [CLINIC_NAV, FINANCE_NAV, PAKET_NAV, ATTENDANCE_NAV, BACKOFFICE_NAV, ADMIN_NAV]) {
      for (const g of groups)
        for (const it of g.items)
          expect(
            ROUTES.some((r) => r.path === it.path),
            it.path,
          ).toBe(true);
    }
  });

  it('refuses a module page for a path the registry does not know, and two pages for one path', () => {
    const Page = () => null;
    expect(() => resolveRoutes(ROUTE_SPECS, { '/finance/nope': Page })).toThrow(/finance\/nope/);
    expect(Object.keys(MODULE_PAGES).every((p) => ROUTE_SPECS.some((s) => s.path === p))).toBe(true);
  });
});

describe('guards', () => {
  it('let owner and developer pass everything', () => {
    for (const top of [TOPLEVEL_IDS.owner, TOPLEVEL_IDS.developer]) {
      for (const r of ROUTES) expect(canEnter(user('manager', top), r.guard), r.path).toBe(true);
    }
  });

  it('keep roles out of groups they are not listed for', () => {
    expect(canEnter(user('inventory'), 'finance')).toBe(false);
    expect(canEnter(user('dokter'), 'inventory')).toBe(false);
    expect(canEnter(user('admin'), 'superadmin')).toBe(false);
    expect(canEnter(user('manager'), 'backoffice')).toBe(false);
    expect(canEnter(user('manager', TOPLEVEL_IDS.managerhr), 'backoffice')).toBe(true);
    expect(canEnter(user('admin', TOPLEVEL_IDS.manageroperational), 'master')).toBe(true);
    expect(canEnter(user('investor'), 'stakeholder')).toBe(true);
    for (const role of ROLE_NAMES) expect(canEnter(user(role), 'none')).toBe(true);
    expect(canEnter(null, 'none')).toBe(false);
  });
});

describe('planned routes', () => {
  const planned = ROUTES.filter((r) => r.planned);

  it.each(planned.map((r) => [r.path, r] as const))(
    '%s renders the planned page inside its layout',
    async (_path, route) => {
      const qc = makeQueryClient();
      qc.setQueryData(SESSION_KEY, user('manager', TOPLEVEL_IDS.owner));
      const url = route.path.replace(/:id/g, '1');
      const router = createMemoryRouter(buildRouteObjects(ROUTES), { initialEntries: [url] });
      const html = await renderAll(
        <QueryClientProvider client={qc}>
          <TRPCProvider trpcClient={makeTrpcClient()} queryClient={qc}>
            <RouterProvider router={router} />
          </TRPCProvider>
        </QueryClientProvider>,
      );
      expect(html).toContain(MSG.planned);
      expect(html).toContain(`data-layout="${route.layout}"`);
    },
  );

  it('a route without its page renders the planned page (none is left in the spec: one page withheld)', async () => {
    const { ['/backoffice/master/promo']: _withheld, ...pages } = MODULE_PAGES;
    const routes = resolveRoutes(ROUTE_SPECS, pages);
    expect(routes.find((r) => r.path === '/backoffice/master/promo')?.planned).toBe(true);
    const qc = makeQueryClient();
    qc.setQueryData(SESSION_KEY, user('manager', TOPLEVEL_IDS.owner));
    const router = createMemoryRouter(buildRouteObjects(routes), { initialEntries: ['/backoffice/master/promo'] });
    const html = await renderAll(
      <QueryClientProvider client={qc}>
        <TRPCProvider trpcClient={makeTrpcClient()} queryClient={qc}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>,
    );
    expect(html).toContain(MSG.planned);
    expect(html).toContain('data-layout="backoffice"');
  });

  it('a role outside the guard does not get the page (the guard navigates to /)', async () => {
    const qc = makeQueryClient();
    qc.setQueryData(SESSION_KEY, user('inventory'));
    const router = createMemoryRouter(buildRouteObjects(ROUTES), { initialEntries: ['/finance/periode'] });
    const html = await renderAll(
      <QueryClientProvider client={qc}>
        <TRPCProvider trpcClient={makeTrpcClient()} queryClient={qc}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>,
    );
    // <Navigate> itself acts in an effect (the e2e suite follows it to '/'); here the page must not render.
    expect(html).toContain('data-layout="finance"');
    expect(html).not.toContain(MSG.planned);
  });
});
