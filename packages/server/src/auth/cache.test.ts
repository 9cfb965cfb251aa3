// The session cache (issue 10): two app instances on one database, each with its own cache (on PostgreSQL its own
// pool and LISTEN connection, as two processes have). A change made through one, or by SQL behind both, ends or
// changes the session in the other at once. `sync` is the barrier a second process gets for free: it returns when
// B has heard every notification committed before it (no sleeping, no retrying).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defaultPrivileges } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { profile, session, userPrivilege, users } from '../db/schema/index.js';

let t: TestApp;
let b: FastifyInstance;
let dbB: Database | undefined;
let branch: number;
let manager: TestUser;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  dbB = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : undefined;
  b = await buildApp(t.config, { database: dbB ?? t.app.database, logger: false });
  await b.ready();
  branch = await t.makeBranch({ name: 'Cabang Cache' });
  manager = await t.makeUser('manager', { branchId: branch });
  owner = await t.makeUser('manager', { branchId: branch, toplevel: 'owner' });
});
afterAll(async () => {
  await b?.close();
  await dbB?.close();
  await t?.close();
});

async function onB(user: TestUser, url = '/api/auth/me') {
  await b.services.authCache!.sync(b.db);
  const res = await b.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** A user whose session B has cached (two answers from B). */
async function cachedOnB(): Promise<TestUser> {
  const u = await t.makeUser('perawat', { branchId: branch });
  expect((await onB(u)).status).toBe(200);
  expect((await onB(u)).status).toBe(200);
  return u;
}

describe('auth cache across app instances', () => {
  it('is live and serves repeated requests', async () => {
    expect(b.services.authCache!.enabled).toBe(true);
    const u = await cachedOnB();
    expect((await onB(u)).body.data.username).toBe(u.username);
  });

  it('logout in A ends the session in B', async () => {
    const u = await cachedOnB();
    expect((await t.api(u).post('/api/auth/logout')).status).toBe(200);
    expect((await onB(u)).status).toBe(401);
  });

  it('a password change in A ends the session in B', async () => {
    const u = await cachedOnB();
    const res = await t
      .api(manager)
      .post(`/api/users/changepassword/${u.id}`, { password: 'Baru-rahasia-9', repeatpassword: 'Baru-rahasia-9' });
    expect(res.status).toBe(200);
    expect((await onB(u)).status).toBe(401);
  });

  it('deactivation in A ends the session in B', async () => {
    const u = await cachedOnB();
    expect((await t.api(owner).put(`/api/users/${u.id}`, { status: 0 })).status).toBe(200);
    expect((await onB(u)).status).toBe(401);
  });

  it('a privilege change in A is what B checks next', async () => {
    const u = await cachedOnB();
    expect((await onB(u)).body.data.previleges.length).toBe(defaultPrivileges('perawat').length);
    // The owner: a manager's privilege changes wait for approval (issue 8).
    const res = await t.api(owner).put(`/api/users/${u.id}/privileges`, {
      previleges: [{ fiturcode: 'PASIEN', iscanread: true, iscanmanage: false }],
    });
    expect(res.status).toBe(200);
    expect((await onB(u)).body.data.previleges).toEqual([{ fiturcode: 'PASIEN', iscanread: true, iscanmanage: false }]);
  });

  it('changes made by SQL behind both apps reach the cache too', async () => {
    const u = await cachedOnB();
    await t.db.delete(userPrivilege).where(eq(userPrivilege.user_id, u.id));
    expect((await onB(u)).body.data.previleges).toEqual([]);
    await t.db.update(profile).set({ name: 'Cabang Cache Baru' }).where(eq(profile.id, branch));
    expect((await onB(u)).body.data.profile.name).toBe('Cabang Cache Baru');
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, u.id));
    expect((await onB(u)).status).toBe(401);

    const v = await cachedOnB();
    await t.db.delete(session).where(eq(session.user_id, v.id));
    expect((await onB(v)).status).toBe(401);

    const w = await cachedOnB();
    await t.db
      .update(session)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(session.user_id, w.id));
    expect((await onB(w)).status).toBe(401);
  });

  it('caches nothing while the LISTEN connection is down, and forgets everything when it comes back', async () => {
    const u = await cachedOnB();
    const cache = b.services.authCache!;
    cache.onState(false);
    expect(cache.enabled).toBe(false);
    await t.db.execute(sql`select 1`);
    expect((await onB(u)).status).toBe(200);
    await t.db.delete(session).where(eq(session.user_id, u.id));
    // No invalidation can arrive from a cache that is down: the database answers.
    const res = await b.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(401);
    cache.onState(true);
    expect(cache.enabled).toBe(true);
  });
});
