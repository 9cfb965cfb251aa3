import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { serializeError } from '../src/lib/log.js';
import { countRows, createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * Issue 8, finding 5 and the id rule of finding 6: NUL and other control characters in any field, query value or
 * path param are refused with 400 and the field before anything runs; ids are positive decimal integers only; the
 * error log never holds a query's parameters.
 */

let t: TestApp;
let branch: number;
let admin: TestUser;
let manager: TestUser;
let logs = '';
let logged: Awaited<ReturnType<typeof buildApp>>;

const TABLES = ['users', 'profile', 'audit_log', 'login_attempt', 'session', 'applog'];
const BAD = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\ud800', '\udc00'];

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch();
  admin = await t.makeUser('admin', { branchId: branch });
  manager = await t.makeUser('manager', { branchId: branch });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs += chunk.toString();
      done();
    },
  });
  logged = await buildApp({ ...t.config, logLevel: 'info' }, { database: t.app.database, logStream: sink });
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

const patient = {
  name: 'Pasien Kontrol',
  gender: '1',
  idcard: '3174056108790009',
  birth_place: 'Jakarta',
  birth_date: '1990-01-02',
  address: 'Jl. Melati 1',
  phone: '081234567890',
  email: 'pasien@example.com',
  instagram: 'pasien',
  wali_name: 'Wali',
  city: 'Jakarta',
};

async function inject(method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: unknown) {
  const res = await logged.inject({
    method,
    url,
    payload: payload as object,
    headers: user ? { cookie: user.cookie } : {},
  });
  return { status: res.statusCode, body: res.json<{ message: string; field?: string }[]>() };
}

describe('control characters are refused with 400 and the field, nothing written', () => {
  it('in every field of a new patient (REST and tRPC), of a branch edit and of the sign-in', async () => {
    const before = await countRows(t.db, ...TABLES);
    for (const ch of BAD) {
      for (const field of Object.keys(patient)) {
        const body = { ...patient, [field]: `a${ch}b` };
        const r = await inject('POST', '/api/users', admin, body);
        expect(r.status, `${JSON.stringify(ch)} in ${field}`).toBe(400);
        expect(r.body).toContainEqual({ message: 'Tidak boleh berisi karakter kontrol', field });
        await expect(t.trpc(admin).users.createPatient(body as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      }
      for (const field of ['name', 'address', 'city', 'phone', 'email']) {
        const r = await inject('PUT', `/api/profile/${branch}`, manager, { [field]: `x${ch}y` });
        expect(r.status, `${JSON.stringify(ch)} in branch ${field}`).toBe(400);
      }
      for (const field of ['username', 'password']) {
        const body = { username: 'admin', password: 'rahasia-123', [field]: `x${ch}y` };
        const r = await inject('POST', '/api/auth/login', null, body);
        expect(r.status, `${JSON.stringify(ch)} in login ${field}`).toBe(400);
        expect(r.body[0]).toMatchObject({ field });
      }
      // A key holding one, nested values and arrays.
      expect((await inject('POST', '/api/users', admin, { ...patient, [`k${ch}`]: 1 })).status).toBe(400);
    }
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('in query values, search keywords and path params (REST and tRPC)', async () => {
    const before = await countRows(t.db, ...TABLES);
    for (const enc of ['%00', '%01', '%1B', '%7F', '%C2%85']) {
      for (const url of [
        `/api/users?keyword=a${enc}`,
        `/api/customer?keyword=a${enc}`,
        `/api/users?role=1${enc}`,
        `/api/users/export?keyword=${enc}`,
        `/api/wilayah/provinces?keyword=${enc}`,
        `/api/users/1${enc}`,
        `/api/wilayah/${enc}`,
      ]) {
        const r = await inject('GET', url, manager);
        expect(r.status, url).toBe(400);
        expect(Array.isArray(r.body) && typeof r.body[0].message === 'string', url).toBe(true);
      }
    }
    await expect(t.trpc(manager).users.list({ keyword: 'a\u0000', page: 1, limit: 20 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(t.trpc(manager).users.searchCustomers({ keyword: '\u0000', limit: 10 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('tab, line feed and carriage return stay allowed in text', async () => {
    const r = await inject('POST', '/api/users', admin, { ...patient, address: 'Jl. Mawar 2\r\nRT 01\tRW 02' });
    expect(r.status).toBe(201);
  });
});

describe('ids are positive decimal integers only', () => {
  it('refuses hex, exponent, sign, spaces, leading zeros, fractions, zero and over-long ids in params and tRPC', async () => {
    for (const id of ['0x10', '1e0', '+1', '%201', '1%20', '01', '1.0', '-1', '0', 'abc', '9'.repeat(16)]) {
      const r = await inject('GET', `/api/users/${id}`, manager);
      expect(r.status, id).toBe(400);
      expect(r.body, id).toEqual([{ message: 'Id tidak valid', field: 'id' }]);
    }
    for (const id of ['0x10', '1e0', '+1', ' 1', '01', 1.5, 0, -3]) {
      await expect(t.trpc(manager).users.get({ id }), String(id)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    expect((await inject('GET', `/api/users/${manager.id}`, manager)).status).toBe(200);
    expect((await t.trpc(manager).users.get({ id: String(manager.id) })).id).toBe(manager.id);
  });

  it('an id longer than the router takes answers our shape, not the framework’s', async () => {
    const r = await logged.inject({
      method: 'GET',
      url: `/api/users/${'1'.repeat(600)}`,
      headers: { cookie: manager.cookie },
    });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    expect(r.json()).toEqual([{ message: expect.any(String) }]);
  });
});

describe('error logs never hold query parameters', () => {
  it('a database error is logged with its code but without the values it was given', async () => {
    const secret = 'NIK3174056108790009';
    const err = await t.db
      .execute(sql`select ${secret}::int as n, ${'$argon2id$v=19$rahasia'} as h`)
      .catch((e: unknown) => e);
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err)) + String((err as Error).message)).toContain(secret);
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain(secret);
    expect(out).not.toContain('rahasia');
    expect(out).toContain('22P02');
    logged.log.error({ err }, 'unexpected error');
    expect(logs).toContain('22P02');
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain('rahasia');
  });

  it('the refused requests above left no parameter in the log', () => {
    expect(logs).not.toContain('Pasien Kontrol');
    expect(logs).not.toContain('3174056108790009');
    expect(logs).not.toContain('rahasia-123');
  });
});
