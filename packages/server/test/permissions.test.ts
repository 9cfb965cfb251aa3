import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { allows, RM_READ_ROLES, ROLE_NAMES, type Access, type AccessSubject, type RoleName } from '@klinik/shared';
import { apiModules } from '../src/modules.js';
import type { AnyEndpoint, EndpointTree } from '../src/http/endpoint.js';
import { appRouter } from '../src/router.js';
import { buildApp } from '../src/app.js';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * Walks every REST route and every tRPC procedure: each one declares its access (deny by default),
 * refuses an anonymous caller (unless public) and refuses a signed-in caller it does not allow.
 */

const PUBLIC_REST = new Set(['POST /api/auth/login', 'POST /api/auth/logout', 'GET /api/health']);

interface ProcDef {
  _def: { meta?: { access?: Access }; type: string };
}
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcDef> } })._def.procedures;

let t: TestApp;
let branch: number;
const byRole = new Map<string, TestUser>();
let noPrivileges: TestUser;
let plainManager: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch();
  for (const role of ROLE_NAMES) byRole.set(role, await t.makeUser(role, { branchId: branch, password: null }));
  noPrivileges = await t.makeUser('admin', { branchId: branch, privileges: [], password: null });
  plainManager = byRole.get('manager')!;
});
afterAll(() => t.close());

function subjectOf(u: TestUser): AccessSubject {
  return u.session;
}

/** A signed-in user the access does not allow, or null when every kind of user is allowed. */
function refusedUser(a: Access): TestUser | null {
  switch (a.kind) {
    case 'public':
    case 'auth':
      return null;
    case 'feature':
    case 'anyFeature':
      return noPrivileges;
    case 'toplevel':
      return plainManager;
    case 'roles': {
      const role = ROLE_NAMES.find((r: RoleName) => !allows(subjectOf(byRole.get(r)!), a));
      return role ? byRole.get(role)! : null;
    }
    case 'all':
      return a.of.map(refusedUser).find((u) => u !== null) ?? null;
  }
}

function fillParams(url: string): string {
  return url.replace(/:[a-zA-Z_]+/g, '1').replace(/\*$/, 'x');
}

describe('REST routes', () => {
  it('every /api route declares its access', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(5);
    for (const r of t.app.apiRoutes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('only sign-in, sign-out and health are public', () => {
    const publicRoutes = t.app.apiRoutes.filter((r) => r.access?.kind === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_REST].sort());
  });

  it('refuses an anonymous caller with 401 and a caller of the wrong role with 403', async () => {
    for (const r of t.app.apiRoutes) {
      if (r.access?.kind === 'public') continue;
      const url = fillParams(r.url);
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const anon = await t.app.inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(anon.statusCode, `anonymous ${r.method} ${r.url}`).toBe(401);
      const refused = refusedUser(r.access!);
      if (!refused) continue;
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie: refused.cookie },
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${refused.role} ${r.method} ${r.url}`).toBe(403);
    }
  });

  it('an undeclared /api route cannot be registered', async () => {
    const app = await buildApp(t.config, { database: t.app.database, logger: false });
    try {
      expect(() => app.get('/api/tanpa-akses', async () => ({ data: 1 }))).toThrow(/declares no access/);
    } finally {
      await app.close();
    }
  });
});

describe('tRPC procedures', () => {
  const paths = Object.keys(procedures);

  it('every procedure declares its access', () => {
    expect(paths.length).toBeGreaterThan(5);
    for (const p of paths) expect(procedures[p]._def.meta?.access, p).toBeDefined();
  });

  it('refuses an anonymous caller and a caller of the wrong role before reading the input', async () => {
    for (const p of paths) {
      const a = procedures[p]._def.meta!.access!;
      if (a.kind === 'public') continue;
      const call = (user: TestUser | null) => {
        let fn: unknown = t.trpc(user);
        for (const part of p.split('.')) fn = (fn as Record<string, unknown>)[part];
        return (fn as (input: unknown) => Promise<unknown>)(undefined);
      };
      await expect(call(null), `anonymous ${p}`).rejects.toSatisfy(
        (e: unknown) => e instanceof TRPCError && e.code === 'UNAUTHORIZED',
      );
      const refused = refusedUser(a);
      if (!refused) continue;
      await expect(call(refused), `${refused.role} ${p}`).rejects.toSatisfy(
        (e: unknown) => e instanceof TRPCError && e.code === 'FORBIDDEN',
      );
    }
  });
});

/**
 * Issue 27 item 3: the policy is declared on the endpoint. Every endpoint whose access opens patient or record data
 * (a read right on a clinical resource RM_*, the record roles of RM_ACCESS.read, or PASIEN read) declares its read
 * trail (`readAudit`: what it writes, or `none` with the reason it answers no patient data); and the `authorize`
 * step runs before the handler on both front doors, refusing with nothing written.
 */
describe('policy declared on the endpoint', () => {
  type Walked = { name: string; e: AnyEndpoint };
  const walkTree = (prefix: string, tree: EndpointTree, out: Walked[]): Walked[] => {
    for (const [key, v] of Object.entries(tree)) {
      const name = `${prefix}.${key}`;
      if (typeof (v as AnyEndpoint).handler === 'function' && 'access' in v) out.push({ name, e: v as AnyEndpoint });
      else walkTree(name, v as EndpointTree, out);
    }
    return out;
  };
  const endpoints = Object.entries(apiModules).flatMap(([m, tree]) => walkTree(m, tree, []));
  const recordRoles = [...RM_READ_ROLES].sort().join(',');
  /** Whether an access lets its caller read patient or record data. */
  function opensPatientData(a: Access): boolean {
    const reads = (r: string, action: string) => action === 'read' && (r.startsWith('RM_') || r === 'PASIEN');
    switch (a.kind) {
      case 'feature':
        return reads(a.resource, a.action);
      case 'anyFeature':
        return a.features.some((f) => reads(f.resource, f.action));
      case 'roles':
        return [...a.roles].sort().join(',') === recordRoles;
      case 'all':
        return a.of.some(opensPatientData);
      default:
        return false;
    }
  }

  it('every patient or record endpoint declares its read trail', () => {
    const patientEndpoints = endpoints.filter((x) => opensPatientData(x.e.access));
    expect(patientEndpoints.length).toBeGreaterThan(20);
    // Files and PDFs too: their handler returns the body and the endpoint layer sends it after the trail.
    expect(patientEndpoints.filter((x) => !x.e.readAudit).map((x) => x.name)).toEqual([]);
  });

  it('the record and patient reads declare an authorize step where the data decides', () => {
    const named = new Map(endpoints.map((x) => [x.name, x.e]));
    for (const n of [
      'medicalRecords.visit',
      'medicalRecords.patient',
      'medicalRecords.soap.history',
      'users.get',
      'users.list',
      'users.put',
      'users.changePassword',
      'users.searchCustomers',
    ])
      expect(named.get(n)?.authorize, n).toBeTypeOf('function');
  });

  it('authorize runs before the handler on REST and tRPC: a patient read without PASIEN read is refused', async () => {
    const patient = await t.makePatient(branch);
    const nurse = await t.makeUser('perawat', { branchId: branch, privileges: [], password: null });
    expect((await t.api(nurse).get(`/api/users/${patient}`)).status).toBe(403);
    expect((await t.api(nurse).get('/api/users?role=1')).status).toBe(403);
    expect((await t.api(nurse).get('/api/customer?type=patient&keyword=a')).status).toBe(403);
    await expect(t.trpc(nurse).users.get({ id: patient })).rejects.toSatisfy(
      (e: unknown) => e instanceof TRPCError && e.code === 'FORBIDDEN',
    );
    // The same caller reads their own account: the rule, not the access, refused the patient.
    expect((await t.api(nurse).get(`/api/users/${nurse.id}`)).status).toBe(200);
  });

  it('a staff member without a record right is refused the record by the authorize step', async () => {
    const patient = await t.makePatient(branch);
    const admin = await t.makeUser('admin', { branchId: branch, privileges: [], password: null });
    const res = await t.api(admin).get(`/api/rekammedis/patient/${patient}`);
    expect(res.status).toBe(403);
  });
});
