/**
 * Issue 30 item 6: a user's sessions (GET /api/users/{id}/sessions) and 'Akhiri sesi ini'
 * (DELETE /api/users/{id}/sessions/{session}): owner and developer for anyone, everyone for their own; a session
 * ended is signed out at once (its next request 401, its live event stream closed).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let a: number;
let b: number;
let port: number;
let owner: TestUser;
let manager: TestUser;
let perawat: TestUser;
let managerB: TestUser;

/** Signs in again through REST: a second session of the user, as its cookie. */
async function signIn(u: TestUser): Promise<string> {
  const res = await t.api(null).post('/api/auth/login', { username: u.username, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return set.find((c) => c.startsWith('klinik_session='))!.split(';')[0];
}

const as = (u: TestUser, cookie: string): TestUser => ({ ...u, cookie });
type Session = { id: string; current: boolean; branch_name: string; user_agent: string | null };

beforeAll(async () => {
  t = await createTestApp();
  a = await t.makeBranch({ name: 'Cabang Sesi A' });
  b = await t.makeBranch({ name: 'Cabang Sesi B' });
  owner = await t.makeUser('manager', { branchId: b, toplevel: 'owner' });
  manager = await t.makeUser('manager', { branchId: a });
  perawat = await t.makeUser('perawat', { branchId: a });
  managerB = await t.makeUser('manager', { branchId: b });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

describe('GET /api/users/{id}/sessions', () => {
  it('lists one’s own standing sessions, the current one marked, with the branch', async () => {
    await signIn(perawat);
    const res = await t.api(perawat).get(`/api/users/${perawat.id}/sessions`);
    expect(res.status).toBe(200);
    const list = res.body.data as Session[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current).map((s) => s.id)).toEqual([perawat.session.sessionId]);
    expect(list.every((s) => s.branch_name === 'Cabang Sesi A' && /^[0-9a-f]{64}$/.test(s.id))).toBe(true);
  });

  it('lets owner and developer read anyone’s; a colleague is 403, another branch’s account 404', async () => {
    expect((await t.api(owner).get(`/api/users/${perawat.id}/sessions`)).body.data).toHaveLength(2);
    expect((await t.api(manager).get(`/api/users/${perawat.id}/sessions`)).status).toBe(403);
    expect((await t.api(manager).get(`/api/users/${managerB.id}/sessions`)).status).toBe(404);
    await expect(t.trpc(manager).users.sessions({ id: perawat.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('DELETE /api/users/{id}/sessions/{session}', () => {
  const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from session`))[0].n;

  it('refuses others (403/404), a malformed or unknown session (400/404), and ends nothing', async () => {
    const before = await count();
    const target = perawat.session.sessionId;
    expect((await t.api(manager).delete(`/api/users/${perawat.id}/sessions/${target}`)).status).toBe(403);
    expect((await t.api(managerB).delete(`/api/users/${perawat.id}/sessions/${target}`)).status).toBe(404);
    const bad = await t.api(perawat).delete(`/api/users/${perawat.id}/sessions/xyz`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ message: 'Sesi tidak valid', field: 'session' }]);
    // Another user's session named under one's own id is not one's own.
    const other = await t.api(perawat).delete(`/api/users/${perawat.id}/sessions/${manager.session.sessionId}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual([{ message: 'Sesi tidak ditemukan' }]);
    expect(await count()).toBe(before);
    expect((await t.api(perawat).get('/api/auth/me')).status).toBe(200);
  });

  it('the owner ends a session: its next request is 401 and its event stream closes; the other stays', async () => {
    const second = as(perawat, await signIn(perawat));
    const secondId = ((await t.api(second).get(`/api/users/${perawat.id}/sessions`)).body.data as Session[]).find(
      (s) => s.current,
    )!.id;
    const stream = await new Promise<{ ended: Promise<void>; status: number | undefined }>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/service/visit/events', headers: { cookie: second.cookie } },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode, ended: new Promise<void>((r) => res.once('close', () => r())) });
        },
      );
      req.on('error', reject);
    });
    expect(stream.status).toBe(200);
    const res = await t.api(owner).delete(`/api/users/${perawat.id}/sessions/${secondId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ended: true });
    await stream.ended;
    expect((await t.api(second).get('/api/auth/me')).status).toBe(401);
    expect((await t.api(perawat).get('/api/auth/me')).status).toBe(200);
    const [row] = await queryRows<{ user_id: number; entity_id: string }>(
      t.db,
      sql`select user_id, entity_id from audit_log where action = 'end_session' order by id desc limit 1`,
    );
    expect(row).toEqual({ user_id: owner.id, entity_id: String(perawat.id) });
    // Gone from the list; ending it again is 404.
    expect(
      ((await t.api(perawat).get(`/api/users/${perawat.id}/sessions`)).body.data as Session[]).map((s) => s.id),
    ).not.toContain(secondId);
    expect((await t.api(owner).delete(`/api/users/${perawat.id}/sessions/${secondId}`)).status).toBe(404);
  });

  it('everyone ends their own sessions, the current one included', async () => {
    const other = as(manager, await signIn(manager));
    const list = (await t.api(manager).get(`/api/users/${manager.id}/sessions`)).body.data as Session[];
    const otherId = list.find((s) => !s.current)!.id;
    expect((await t.api(manager).delete(`/api/users/${manager.id}/sessions/${otherId}`)).status).toBe(200);
    expect((await t.api(other).get('/api/auth/me')).status).toBe(401);
    const own = manager.session.sessionId;
    expect((await t.api(manager).delete(`/api/users/${manager.id}/sessions/${own}`)).status).toBe(200);
    expect((await t.api(manager).get('/api/auth/me')).status).toBe(401);
  });
});
