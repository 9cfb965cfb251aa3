import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  access,
  allows,
  MY_MENU_ACCESS,
  REMINDER_GATEWAY_ACCESS,
  RM_ACCESS,
  VISIT_ACCESS,
  allowsPage,
  defaultPrivileges,
  PAGE_ACCESS,
  ROLE_IDS,
  TOPLEVEL_IDS,
  type Access,
  type AccessSubject,
} from '@klinik/shared';
import { appRouter } from '../src/router.js';
import { ROOT_DIR } from '../src/config.js';
import { DEMO_ACCOUNTS } from '../src/seed/demo.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * One truth for access (issue 16): every built web page declares in PAGE_ACCESS (@klinik/shared) the rules its
 * menus and guards use. This test finds the server calls each page can make — tRPC `trpc.x.y.queryOptions` and REST
 * `api.get('/api/...')` in the page's source and every file it imports — and proves, for every demo account, that a
 * page the rules let it open never gets 403 from one of those calls.
 */

const WEB_SRC = path.join(ROOT_DIR, 'packages/web/src');

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** Server calls a file and everything it imports (relative imports, transitively) can make. */
export function callsOf(file: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(file)) return out;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/trpc\.([\w.]+)\.queryOptions/g)) out.add(m[1]);
  for (const m of text.matchAll(/api\.get(?:<[^(]*>)?\(\s*'([^']+)'/g)) out.add(`GET ${m[1]}`);
  for (const m of text.matchAll(/base: '(\/api\/[^']+)'/g)) out.add(`GET ${m[1]}`);
  // Type-only imports bring no calls.
  const code = text.replace(/^import type [^;]+;$/gms, '');
  for (const m of code.matchAll(/(?:import\s*(\{[^}]*\})\s*from |from |import\()'(\.[^']+)'/g)) {
    const r = resolveImport(file, m[2]);
    if (!r) continue;
    // A module's front door (modules/<m>/index.ts) re-exports many files: follow only those the import names.
    const door = m[1] && /\/modules\/[^/]+\/index\.tsx?$/.test(r);
    const targets = door ? frontDoorFiles(r, namesOf(m[1])) : [r];
    for (const f of targets) for (const c of callsOf(f, door ? new Set(seen) : seen)) out.add(c);
  }
  return out;
}

/** The exported names in `{ a, type B, c as d }`: of an import the name before `as`, of an export the one after. */
function namesOf(braces: string, side: 'import' | 'export' = 'import'): string[] {
  return braces
    .slice(1, -1)
    .split(',')
    .map((n) => n.replace(/^\s*type\s+/, '').split(/\s+as\s+/))
    .map((parts) => (side === 'import' ? parts[0] : parts[parts.length - 1]).trim())
    .filter(Boolean);
}

/** The files of a front door whose `export { ... } from './x'` lines export one of `names`. */
function frontDoorFiles(index: string, names: string[]): string[] {
  const out: string[] = [];
  for (const m of fs.readFileSync(index, 'utf8').matchAll(/export\s*(\{[^}]*\})\s*from\s*'(\.[^']+)'/g)) {
    if (!namesOf(m[1], 'export').some((n) => names.includes(n))) continue;
    const r = resolveImport(index, m[2]);
    if (r) out.push(r);
  }
  return out;
}

/**
 * Route path -> page file, from every module's routes.tsx (`'/path': lazyPage(() => import('./pages/X'))`, or `lazy`;
 * a page's first data may follow as lazyPage's second argument).
 */
function builtPages(): Map<string, string> {
  const pages = new Map<string, string>();
  const modules = path.join(WEB_SRC, 'modules');
  for (const mod of fs.readdirSync(modules)) {
    const file = path.join(modules, mod, 'routes.tsx');
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/'([^']+)':\s*(?:lazy|lazyPage)\(\s*\(\)\s*=>\s*import\('([^']+)'\)\s*[,)]/g)) {
      const target = resolveImport(file, m[2]);
      if (target) pages.set(m[1], target);
    }
  }
  return pages;
}

interface ProcDef {
  _def: { meta?: { access?: Access }; type: string };
}
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcDef> } })._def.procedures;

/** Every demo account (both demo branches' staff have the same roles) as the access checks see it. */
const SUBJECTS: { username: string; subject: AccessSubject }[] = DEMO_ACCOUNTS.map((a) => ({
  username: a.username,
  subject: {
    role: ROLE_IDS[a.role],
    rolename: a.role,
    roletoplevel: a.toplevel ? TOPLEVEL_IDS[a.toplevel] : 0,
    previleges: defaultPrivileges(a.role),
  },
}));

/**
 * Calls a page makes only for users who pass an extra rule in the page's code (e.g. 'Aktivitas Saya' on one's own
 * profile only when My Menu is shown; the package dialog's pickers only for MASTER_PAKET managers). For those
 * users the call must be allowed too.
 */
const VISIT_REGISTRATION: Record<string, Access> = {
  'visits.reservations': VISIT_ACCESS.register,
  'visits.pakets': VISIT_ACCESS.register,
};
const CONDITIONAL: Record<string, Record<string, Access>> = {
  // 'Registrasi Visit' (a dialog on the queue and the history) is offered to manager and admin only.
  '/service/visit': VISIT_REGISTRATION,
  '/service/kunjungan': VISIT_REGISTRATION,
  // A patient's merge trace (issue 26 item 3) shows on the person's pages with PASIEN read.
  '/user/:id': { 'applog.list': MY_MENU_ACCESS, 'users.patientMerges': access.feature('PASIEN', 'read') },
  // The reminder gateway's setting shows on the reminder page to managers and top-level users only.
  '/service/visitreminder': { 'reservations.gateway': REMINDER_GATEWAY_ACCESS },
  // A patient's packages and photos show on the person's page only with LAYANAN_PAKET / RM_FOTOPROGRES read.
  '/customer/:id': {
    'paket.memberships': access.feature('LAYANAN_PAKET', 'read'),
    'paket.membership': access.feature('LAYANAN_PAKET', 'read'),
    'multimedia.list': access.feature('RM_FOTOPROGRES', 'read'),
    'users.patientMerges': access.feature('PASIEN', 'read'),
  },
  // 'Riwayat Akses' on the patient's record shows to managers (and top-level users) only.
  '/service/rekammedis': { 'medicalRecords.access': RM_ACCESS.accessLog },
  // The sick-leave letter (issue 25): read by doctors and managers with RM_DOKUMEN read, issued by the treating doctor.
  '/service/rekammedis/visit/:id': {
    'medicalLists.sickLetter': RM_ACCESS.sickLetterRead,
    'medicalLists.sickLetterIssue': RM_ACCESS.sickLetterIssue,
  },
  '/paket/promosi': {
    'masters.tindakan.list': access.feature('MASTER_PAKET', 'manage'),
    'masters.item.list': access.feature('MASTER_PAKET', 'manage'),
    'masters.formlab.list': access.feature('MASTER_PAKET', 'manage'),
    'paket.get': access.feature('MASTER_PAKET', 'manage'),
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function restAccess(call: string): Access | undefined {
  const [method, url] = call.split(' ');
  const route = t.app.apiRoutes.find(
    (r) => r.method === method && new RegExp(`^${r.url.replace(/:[a-zA-Z_]+/g, '[^/]+')}$`).test(url),
  );
  return route?.access;
}

function accessOfCall(call: string): Access | undefined {
  return call.includes(' ') ? restAccess(call) : procedures[call]?._def.meta?.access;
}

describe('web pages and the server agree on access', () => {
  const pages = builtPages();

  it('finds the built pages and their calls', () => {
    expect(pages.size).toBeGreaterThan(10);
    expect(callsOf(pages.get('/finance/laporan/trialbalance')!)).toContain('finance.laporan.trialBalance');
  });

  it('every built page declares its access in PAGE_ACCESS', () => {
    for (const p of pages.keys()) expect(PAGE_ACCESS[p], p).toBeDefined();
  });

  it('every call a page makes exists on the server', () => {
    for (const [p, file] of pages) {
      for (const call of callsOf(file)) expect(accessOfCall(call), `${p}: ${call}`).toBeDefined();
    }
  });

  it('no demo account is refused a call of a page it may open', () => {
    const refusals: string[] = [];
    let checked = 0;
    for (const { username, subject } of SUBJECTS) {
      for (const [p, file] of pages) {
        if (!allowsPage(subject, PAGE_ACCESS[p])) continue;
        for (const call of callsOf(file)) {
          const condition = CONDITIONAL[p]?.[call];
          if (condition && !allows(subject, condition)) continue;
          checked++;
          const a = accessOfCall(call);
          if (a && !allows(subject, a)) refusals.push(`${username} ${p} -> ${call} (${JSON.stringify(a)})`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(refusals).toEqual([]);
  });
});
