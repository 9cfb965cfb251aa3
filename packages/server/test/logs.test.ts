import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers.js';

/** Request logs carry request ids, never passwords, session tokens or patient data (issue 2, item 6). */
let t: TestApp;
let logs = '';
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch();
  await t.makeUser('admin', { branchId: branch, username: 'admin_log' });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs += chunk.toString();
      done();
    },
  });
  app = await buildApp({ ...t.config, logLevel: 'info' }, { database: t.app.database, logStream: sink });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('request logs', () => {
  it('hold request ids and paths but no password, token, name or NIK', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin_log', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const token = cookie.split('=')[1];
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: { name: 'Kartika Rahasiawati', gender: '1', idcard: '3174056108790009', phone: '081298765432' },
    });
    expect(created.statusCode).toBe(201);
    const search = await app.inject({
      method: 'GET',
      url: '/api/users?role=1&keyword=Kartika%20Rahasiawati',
      headers: { cookie },
    });
    expect(search.statusCode).toBe(200);
    const failed = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin_log', password: 'password-salah-99' },
    });
    expect(failed.statusCode).toBe(401);

    expect(logs).toContain(login.headers['x-request-id'] as string);
    expect(logs).toContain('/api/users');
    // Every line of a signed-in request names its user and branch, and a request is one line with its status.
    const lines = logs
      .trim()
      .split('\n')
      .map(
        (l) => JSON.parse(l) as { reqId?: string; user_id?: number; branch_id?: number; res?: { statusCode: number } },
      );
    for (const res of [created, search]) {
      const mine = lines.filter((l) => l.reqId === res.headers['x-request-id']);
      expect(mine.length).toBeGreaterThan(0);
      for (const l of mine) expect([l.user_id, l.branch_id]).toEqual([expect.any(Number), expect.any(Number)]);
      expect(mine.filter((l) => l.res).map((l) => l.res!.statusCode)).toEqual([res.statusCode]);
    }
    for (const secret of [
      TEST_PASSWORD,
      'password-salah-99',
      token,
      'Kartika',
      'Rahasiawati',
      '3174056108790009',
      '081298765432',
    ]) {
      expect(logs, secret).not.toContain(secret);
    }
  });
});
