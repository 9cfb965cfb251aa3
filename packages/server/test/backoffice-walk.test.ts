import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_NAMES, type RoleName } from '@klinik/shared';
import { countRows, createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * Issue 30's check "a branch user cannot change a chain master or read another branch through a Backoffice route":
 * walks every REST route under /api/backoffice as a user of every branch role (with the role's privileges, the
 * superadmin of the admin panel and the branch manager included), naming the other branch, and expects 403 or 404
 * and nothing written. (The top-level side, every branch read with a read trail, is backoffice-lists.test.ts; a
 * chain master changed only at the head office is chainMasters.test.ts.)
 */
const TABLES = [
  'audit_log',
  'price_list',
  'chain_master',
  'season',
  'season_branch',
  'profile',
  'users',
  'item',
  'perawatan',
  'vendor',
];

let t: TestApp;
let a: number;
let b: number;
const branchUsers: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp();
  a = await t.makeBranch({ name: 'Cabang Walk A' });
  b = await t.makeBranch({ name: 'Cabang Walk B' });
  for (const role of ROLE_NAMES.filter((r: RoleName) => r !== 'customer'))
    branchUsers.push(await t.makeUser(role, { branchId: a, password: null }));
  await t.makePatient(b, { name: 'Pasien Cabang B' });
});
afterAll(() => t.close());

describe('every Backoffice route refuses a branch user', () => {
  it('answers 403 or 404 to every branch role naming another branch, and writes nothing', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/backoffice'));
    // The Backoffice's REST surface: the dashboard, reports, lists, the price list and the chain's masters.
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const before = await countRows(t.db, ...TABLES);
    for (const r of routes) {
      const url = r.url.replace(/:[a-zA-Z_]+/g, '1');
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      for (const u of branchUsers) {
        const api = t.api(u);
        const res =
          method === 'GET'
            ? await api.get(`${url}${url.includes('?') ? '&' : '?'}profile_id=${b}`)
            : method === 'DELETE'
              ? await api.delete(url)
              : await api[method === 'POST' ? 'post' : 'put'](url, {
                  profile_id: b,
                  code: 'WALK-1',
                  name: 'Walk',
                  kind: 'treatment',
                  price: 1000,
                  effective_at: '2030-01-01',
                });
        expect([403, 404], `${u.role} ${r.method} ${r.url}: ${res.status}`).toContain(res.status);
      }
    }
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });
});
