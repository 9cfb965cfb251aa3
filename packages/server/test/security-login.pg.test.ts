/**
 * Issue 8, finding 6: the failed-login limit cannot be raced. On PostgreSQL only (the server-pg project): PGlite has
 * one connection and runs "parallel" requests one after another, so the race can only be lost on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from './helpers.js';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch();
  user = await t.makeUser('admin', { branchId: branch, username: 'serentak_uji', password: TEST_PASSWORD });
});
afterAll(() => t.close());

const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(t.db, q))[0].n);

describe('concurrent failed sign-ins (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
  });

  it('checks at most 5 of 20 wrong passwords sent at once; the rest are 429, then even the right one is', async () => {
    const max = t.config.loginMaxFailuresPerAccount;
    expect(max).toBe(5);
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.api(null).post('/api/auth/login', { username: user.username, password: `salah-${i}` }),
      ),
    );
    const statuses = tries.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - max);
    for (const r of tries) expect(Array.isArray(r.body) && typeof r.body[0].message).toBe('string');
    expect(await count(sql`select count(*)::int as n from login_attempt where key = ${`u:${user.username}`}`)).toBe(
      max,
    );
    // One audit row per checked failure, none for the refused ones, never the password.
    const rows = await queryRows<{ after: { username: string } }>(
      t.db,
      sql`select after from audit_log where action = 'login_failed' and entity_id = ${String(user.id)}`,
    );
    expect(rows).toHaveLength(max);
    expect(JSON.stringify(rows)).not.toMatch(/salah-/);
    const right = await t.api(null).post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(right.status).toBe(429);
  });

  it('a successful sign-in does not use up the address allowance (more successes than the limit, one address)', async () => {
    const branch = await t.makeBranch();
    const ok = await t.makeUser('admin', { branchId: branch, username: 'banyak_uji', password: TEST_PASSWORD });
    const n = t.config.loginMaxFailuresPerAddress + 3;
    for (let i = 0; i < n; i++) {
      const res = await t.api(null).post('/api/auth/login', { username: ok.username, password: TEST_PASSWORD });
      expect(res.status, `sign-in ${i + 1}`).toBe(200);
    }
    expect(await count(sql`select count(*)::int as n from login_attempt where key = ${`u:${ok.username}`}`)).toBe(0);
  });
});
