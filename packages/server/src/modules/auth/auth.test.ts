import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../../../test/helpers.js';
import { session } from '../../db/schema/index.js';
import { hashToken } from '../../auth/session.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailuresPerAccount: 3, loginMaxFailuresPerAddress: 1000 });
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  admin = await t.makeUser('admin', { branchId: branchA, username: 'admin_uji' });
  owner = await t.makeUser('manager', { branchId: branchA, username: 'owner_uji', toplevel: 'owner' });
});
afterAll(() => t.close());

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const set = res.headers['set-cookie'];
  const first = Array.isArray(set) ? String(set[0]) : String(set);
  return first.split(';')[0];
}

describe('POST /api/auth/login', () => {
  it('signs in and answers the logged-in user with privileges and branch', async () => {
    const res = await t.api(null).post('/api/auth/login', { username: 'ADMIN_UJI', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'admin_uji',
      rolename: 'admin',
      role: 3,
      profile_id: branchA,
      roletoplevel: 0,
    });
    expect(res.body.data.profile).toMatchObject({ id: branchA, name: 'Cabang A' });
    expect(res.body.data.previleges.length).toBeGreaterThan(0);
    expect(res.body.data).not.toHaveProperty('password_hash');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/klinik_session=[a-z2-7]{32}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    // Only the SHA-256 of the token is stored.
    const token = cookieOf(res).split('=')[1];
    const rows = await t.db
      .select()
      .from(session)
      .where(eq(session.id, hashToken(token)));
    expect(rows).toHaveLength(1);
    const byToken = await t.db.select().from(session).where(eq(session.id, token));
    expect(byToken).toHaveLength(0);
  });

  it('gives a new token on every login', async () => {
    const a = await t.api(null).post('/api/auth/login', { username: 'admin_uji', password: TEST_PASSWORD });
    const b = await t.api(null).post('/api/auth/login', { username: 'admin_uji', password: TEST_PASSWORD });
    expect(cookieOf(a)).not.toBe(cookieOf(b));
  });

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const wrong = await t.api(null).post('/api/auth/login', { username: 'owner_uji', password: 'salah-sekali' });
    const unknown = await t.api(null).post('/api/auth/login', { username: 'tidak_ada', password: 'salah-sekali' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual([{ message: 'Username atau password salah' }]);
    expect(unknown.body).toEqual([{ message: 'Username atau password salah' }]);
  });

  it('answers 400 with Indonesian field messages for a malformed body', async () => {
    const res = await t.api(null).post('/api/auth/login', { username: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { message: 'Username wajib diisi', field: 'username' },
        { message: 'Password wajib diisi', field: 'password' },
      ]),
    );
  });

  it('rate-limits failed attempts per account, even with the right password afterwards', async () => {
    const u = await t.makeUser('perawat', { branchId: branchA, username: 'perawat_rl' });
    for (let i = 0; i < 3; i++) {
      const r = await t.api(null).post('/api/auth/login', { username: u.username, password: 'keliru' });
      expect(r.status).toBe(401);
    }
    const blocked = await t.api(null).post('/api/auth/login', { username: u.username, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body[0].message).toMatch(/Terlalu banyak percobaan/);
  });

  it('refuses inactive accounts and patients', async () => {
    await t.makeUser('admin', { branchId: branchA, username: 'nonaktif', status: 0 });
    const res = await t.api(null).post('/api/auth/login', { username: 'nonaktif', password: TEST_PASSWORD });
    expect(res.status).toBe(401);
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await t
      .api(null)
      .post(
        '/api/auth/login',
        { username: 'admin_uji', password: TEST_PASSWORD },
        { origin: 'https://jahat.example', host: 'localhost:3000' },
      );
    expect(res.status).toBe(403);
    const cross = await t.api(admin).post('/api/auth/logout', {}, { 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    const same = await t
      .api(null)
      .post(
        '/api/auth/login',
        { username: 'admin_uji', password: TEST_PASSWORD },
        { origin: 'http://localhost:3000', host: 'localhost:3000' },
      );
    expect(same.status).toBe(200);
  });
});

describe('GET /api/auth/me and logout', () => {
  it('answers 401 without a session and the user with one', async () => {
    expect((await t.api(null).get('/api/auth/me')).status).toBe(401);
    const me = await t.api(admin).get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe('admin_uji');
  });

  it('logout ends the session on the server', async () => {
    const login = await t.api(null).post('/api/auth/login', { username: 'admin_uji', password: TEST_PASSWORD });
    const cookie = cookieOf(login);
    const u = { ...admin, cookie };
    expect((await t.api(u).get('/api/auth/me')).status).toBe(200);
    expect((await t.api(u).post('/api/auth/logout')).status).toBe(200);
    expect((await t.api(u).get('/api/auth/me')).status).toBe(401);
  });

  it('expired sessions are refused (idle timeout)', async () => {
    const u = await t.makeUser('admin', { branchId: branchA });
    await t.db
      .update(session)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(session.user_id, u.id));
    expect((await t.api(u).get('/api/auth/me')).status).toBe(401);
  });
});

describe('POST /api/profile/switch', () => {
  it('lets a top-level user switch the current branch', async () => {
    const res = await t.api(owner).post('/api/profile/switch', { profile_id: branchB });
    expect(res.status).toBe(200);
    expect(res.body.data.profile_id).toBe(branchB);
    const me = await t.api(owner).get('/api/auth/me');
    expect(me.body.data.profile.id).toBe(branchB);
    await t.api(owner).post('/api/profile/switch', { profile_id: branchA });
  });

  it('answers 403 for everyone else and leaves the session unchanged', async () => {
    const res = await t.api(admin).post('/api/profile/switch', { profile_id: branchB });
    expect(res.status).toBe(403);
    const me = await t.api(admin).get('/api/auth/me');
    expect(me.body.data.profile_id).toBe(branchA);
  });

  it('answers 400 for a missing branch id and 404 for an unknown one', async () => {
    expect((await t.api(owner).post('/api/profile/switch', {})).status).toBe(400);
    expect((await t.api(owner).post('/api/profile/switch', { profile_id: 99999 })).status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await t.api(null).post('/api/profile/switch', { profile_id: branchB })).status).toBe(401);
  });
});
