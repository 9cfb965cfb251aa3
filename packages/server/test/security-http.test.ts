import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/client.js';
import { countRows, createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from './helpers.js';
import { PNG_1X1, upload } from './upload-helpers.js';

/**
 * Issue 8, finding 6 (HTTP level): Fastify's own errors in the `[{ message }]` shape with a fitting message, ids in
 * every REST path param, the request id, the full-origin check, the security headers, and audit rows for sign-in
 * failures and logouts.
 */

let t: TestApp;
let proxied: FastifyInstance;
let branch: number;
let owner: TestUser;
let admin: TestUser;

const TABLES = ['users', 'profile', 'akun', 'audit_log', 'applog', 'session'];

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch();
  // Its own role is dokter: an owner passes every check but the clinician gate of clinical writes (issue 25).
  owner = await t.makeUser('dokter', { branchId: branch, toplevel: 'owner' });
  admin = await t.makeUser('admin', { branchId: branch, username: 'admin_http', password: TEST_PASSWORD });
  proxied = await buildApp({ ...t.config, trustProxy: true }, { database: t.app.database, logger: false });
  await proxied.ready();
});
afterAll(async () => {
  await proxied.close();
  await t.close();
});

const body = (raw: string) => JSON.parse(raw) as { message: string; field?: string }[];

describe("Fastify's own errors", () => {
  it('a JSON body over the limit is 413 with a message about the data, not about a file', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${branch}`,
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(body(res.body)).toEqual([{ message: 'Ukuran data permintaan maksimal 2MB' }]);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('broken JSON, an empty JSON body and an unknown content type answer in our shape', async () => {
    const cases: [string, string, number, string][] = [
      ['application/json', '{"name": ', 400, 'Isi permintaan bukan JSON yang valid'],
      ['application/json', '', 400, 'Isi permintaan bukan JSON yang valid'],
      ['text/x-aneh', 'name=x', 415, 'Jenis konten tidak didukung'],
    ];
    for (const [type, payload, status, message] of cases) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/profile/${branch}`,
        headers: { cookie: owner.cookie, 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${payload}`).toBe(status);
      expect(body(res.body)).toEqual([{ message }]);
    }
  });

  it('every integer id in a REST path takes positive decimals only (0x10, 1e0, ... are 400), writing nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const routes = t.app.apiRoutes.filter(
      (r) => r.url.includes('/:') && !r.url.startsWith('/api/jobs/') && !r.url.startsWith('/api/wilayah/'),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      for (const bad of ['0x10', '1e0', '01', '-1', '0']) {
        const url = r.url.replace(/:[a-z_]+/g, bad);
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers: {
            cookie: owner.cookie,
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
          },
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: '{}' }),
        });
        expect(res.statusCode, `${r.method} ${url}`).toBe(400);
        expect(Array.isArray(body(res.body))).toBe(true);
      }
    }
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });
});

describe('request ids', () => {
  it("a client's X-Request-Id is never taken as the server's (response header and audit row)", async () => {
    const given = 'klien-pilihan-123456';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-request-id': given },
      payload: JSON.stringify({ username: admin.username, password: TEST_PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).not.toBe(given);
    const rows = await queryRows<{ request_id: string }>(
      t.db,
      sql`select request_id from audit_log where action = 'login' and entity_id = ${String(admin.id)}`,
    );
    expect(rows.map((r) => r.request_id)).toContain(id);
    expect(rows.map((r) => r.request_id)).not.toContain(given);
  });
});

describe('the origin check compares scheme, host and port', () => {
  const post = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', host: 'klinik.local:3000', ...headers },
      payload: '{}',
    });

  it('without TRUST_PROXY: the Host and the connection decide; X-Forwarded-* are ignored', async () => {
    expect((await post(t.app, { origin: 'http://klinik.local:3000' })).statusCode).toBe(400);
    for (const origin of ['https://klinik.local:3000', 'http://klinik.local:3001', 'http://klinik.local', 'null']) {
      const res = await post(t.app, { origin });
      expect(res.statusCode, origin).toBe(403);
      expect(body(res.body)).toEqual([{ message: expect.any(String) }]);
    }
    const forged = await post(t.app, {
      origin: 'https://jahat.example',
      'x-forwarded-host': 'jahat.example',
      'x-forwarded-proto': 'https',
    });
    expect(forged.statusCode).toBe(403);
  });

  it('with TRUST_PROXY: the forwarded host and scheme are our origin', async () => {
    const viaProxy = { 'x-forwarded-host': 'klinik.example', 'x-forwarded-proto': 'https' };
    expect((await post(proxied, { ...viaProxy, origin: 'https://klinik.example' })).statusCode).toBe(400);
    expect((await post(proxied, { ...viaProxy, origin: 'http://klinik.example' })).statusCode).toBe(403);
    expect((await post(proxied, { ...viaProxy, origin: 'https://klinik.example:8443' })).statusCode).toBe(403);
  });
});

describe('security headers', () => {
  it('every answer (API, error, 404, tRPC) carries the CSP, frame and referrer headers', async () => {
    const answers = [
      await t.api(owner).get('/api/auth/me'),
      await t.api(null).get('/api/auth/me'),
      await t.api(owner).get('/api/tidak-ada'),
      await t.api(owner).get('/trpc/auth.me'),
      await t.api(owner).get('/halaman/apa/saja'),
    ];
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("frame-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('audit rows for sign-in failures and logouts', () => {
  it('records a failed sign-in (without the password) and a logout', async () => {
    const wrong = await t.api(null).post('/api/auth/login', { username: admin.username, password: 'kata-sandi-salah' });
    expect(wrong.status).toBe(401);
    const unknown = await t.api(null).post('/api/auth/login', { username: 'tidak_ada', password: 'kata-sandi-salah' });
    expect(unknown.status).toBe(401);
    const failed = await queryRows<{ entity_id: string | null; user_id: number | null; after: unknown }>(
      t.db,
      sql`select entity_id, user_id, after from audit_log where action = 'login_failed' order by id`,
    );
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({
      entity_id: String(admin.id),
      user_id: null,
      after: { username: admin.username },
    });
    expect(failed[1]).toMatchObject({ entity_id: null, after: { username: 'tidak_ada' } });
    expect(JSON.stringify(failed)).not.toContain('kata-sandi-salah');
    const out = await t.api(admin).post('/api/auth/logout', {});
    expect(out.status).toBe(200);
    const [row] = await queryRows<{ user_id: number }>(
      t.db,
      sql`select user_id from audit_log where action = 'logout' order by id desc limit 1`,
    );
    expect(row.user_id).toBe(admin.id);
  });
});

describe('the read trail of patient data and exports', () => {
  const trail = async (since: number) =>
    queryRows<{
      id: number;
      action: string;
      entity: string;
      entity_id: string | null;
      user_id: number;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- jsonb, read as the test needs
      after: any;
    }>(
      t.db,
      sql`select id, action, entity, entity_id, user_id, after from audit_log
          where id > ${since} and action in ('read', 'read_list', 'export') order by id`,
    );
  const lastId = async () =>
    Number((await queryRows<{ n: number }>(t.db, sql`select coalesce(max(id), 0) as n from audit_log`))[0].n);

  it('records who read or exported which patients (ids only), and nothing for refused or patient-free reads', async () => {
    const patient = await t.makePatient(branch, { name: 'Siti Rahasia', idcard: '3174056108790001' });
    const otherBranch = await t.makeBranch();
    const stranger = await t.makePatient(otherBranch);
    const reader = await t.makeUser('admin', { branchId: branch });
    let since = await lastId();

    expect((await t.api(reader).get(`/api/users/${patient}`)).status).toBe(200);
    expect(await trail(since)).toMatchObject([
      { action: 'read', entity: 'patient', entity_id: String(patient), user_id: reader.id, after: { ids: [patient] } },
    ]);
    since = await lastId();
    await t.trpc(reader).users.get({ id: patient });
    expect(await trail(since)).toMatchObject([{ action: 'read', entity: 'patient', entity_id: String(patient) }]);

    since = await lastId();
    expect((await t.api(reader).get('/api/users?role=1')).status).toBe(200);
    expect((await t.api(reader).get('/api/customer?keyword=Siti')).status).toBe(200);
    const lists = await trail(since);
    expect(lists).toHaveLength(2);
    for (const row of lists) {
      expect(row).toMatchObject({ action: 'read_list', entity: 'patient', entity_id: null });
      expect(row.after.ids).toContain(patient);
    }
    expect(JSON.stringify(lists)).not.toMatch(/Siti|3174056108790001/);

    since = await lastId();
    expect((await t.api(reader).get(`/api/users/${stranger}`)).status).toBe(404);
    expect((await t.api(reader).get('/api/users?role=2')).status).toBe(200);
    expect(await trail(since)).toEqual([]);

    since = await lastId();
    const xlsx = await t.api(owner).get('/api/users/export?type=patient');
    expect(xlsx.status).toBe(200);
    const applog = await t.api(owner).get('/api/applog/export');
    expect(applog.status).toBe(200);
    const exports = await trail(since);
    expect(exports).toMatchObject([
      { action: 'export', entity: 'patient', user_id: owner.id, after: { file: 'pengguna.xlsx' } },
      { action: 'export', entity: 'applog', user_id: owner.id, after: { file: 'aktivitas.xlsx' } },
    ]);
    expect(exports[0].after.ids).toContain(patient);
  });

  it("records who viewed a patient's photo, not a colleague's", async () => {
    const patient = await t.makePatient(branch);
    const reader = await t.makeUser('admin', { branchId: branch });
    const colleague = await t.makeUser('perawat', { branchId: branch });
    expect((await upload(t, reader, `/api/users/uploadavatar/${patient}`, 'foto.png', PNG_1X1)).status).toBe(200);
    expect((await upload(t, colleague, `/api/users/uploadavatar/${colleague.id}`, 'foto.png', PNG_1X1)).status).toBe(
      200,
    );
    let since = await lastId();
    expect((await t.api(reader).get(`/api/files/users/${patient}/avatar`)).status).toBe(200);
    expect(await trail(since)).toMatchObject([
      { action: 'read', entity: 'patient', entity_id: String(patient), user_id: reader.id, after: { what: 'photo' } },
    ]);
    since = await lastId();
    expect((await t.api(reader).get(`/api/files/users/${colleague.id}/avatar`)).status).toBe(200);
    expect(await trail(since)).toEqual([]);
  });
});
