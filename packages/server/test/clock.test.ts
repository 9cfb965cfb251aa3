// Issue 9 item 4: one clock per branch. Dates of business come from ctx.today() in the branch's own zone, so a WITA
// branch at 23:30 and at 06:30 local time gets its own date, not UTC's or Jakarta's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';

let t: TestApp;
let admin: TestUser;
let adminJakarta: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const makassar = await t.makeBranch({ name: 'Cabang Makassar', timezone: 'Asia/Makassar' });
  const jakarta = await t.makeBranch({ name: 'Cabang Jakarta', timezone: 'Asia/Jakarta' });
  admin = await t.makeUser('admin', { branchId: makassar });
  adminJakarta = await t.makeUser('admin', { branchId: jakarta });
});
afterAll(() => {
  t.setNow(null);
  return t.close();
});

async function joinDate(user: TestUser, name: string): Promise<string> {
  const res = await t.api(user).post('/api/users', { name, gender: '0' });
  expect(res.status).toBe(201);
  return res.body.data.join_at as string;
}

describe('the branch clock', () => {
  it('23:30 WITA is still that day in Makassar, and 22:30 that day in Jakarta', async () => {
    t.setNow('2026-11-23T15:30:00Z');
    expect(await joinDate(admin, 'Pasien Malam')).toBe('2026-11-23');
    expect(await joinDate(adminJakarta, 'Pasien Malam Jakarta')).toBe('2026-11-23');
  });

  it('06:30 WITA is already the next day in Makassar while UTC is still on the day before', async () => {
    // 2026-11-23 06:30 WITA = 2026-11-22 22:30 UTC = 2026-11-23 05:30 WIB.
    t.setNow('2026-11-22T22:30:00Z');
    expect(await joinDate(admin, 'Pasien Pagi')).toBe('2026-11-23');
  });

  it('00:30 WITA is the new day in Makassar and still the day before in Jakarta (23:30 WIB)', async () => {
    t.setNow('2026-11-23T16:30:00Z');
    expect(await joinDate(admin, 'Pasien Tengah Malam')).toBe('2026-11-24');
    expect(await joinDate(adminJakarta, 'Pasien Tengah Malam Jakarta')).toBe('2026-11-23');
  });
});
