import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, countRows, type TestApp, type TestUser } from './helpers.js';

/** ARCHITECTURE rule 4: a user of branch A can neither read nor change branch B's rows. */
let t: TestApp;
let a: number;
let b: number;
let adminA: TestUser;
let managerA: TestUser;
let adminB: TestUser;
let owner: TestUser;
let patientB: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.makeBranch({ name: 'Cabang A' });
  b = await t.makeBranch({ name: 'Cabang B' });
  adminA = await t.makeUser('admin', { branchId: a, password: null });
  managerA = await t.makeUser('manager', { branchId: a, password: null });
  adminB = await t.makeUser('admin', { branchId: b, password: null });
  owner = await t.makeUser('manager', { branchId: a, toplevel: 'owner', password: null });
  await t.makePatient(a, { name: 'Siti Cabang A' });
  patientB = await t.makePatient(b, { name: 'Budi Cabang B' });
});
afterAll(() => t.close());

describe('users', () => {
  it('lists only the current branch', async () => {
    const res = await t.api(adminA).get('/api/users?role=1&limit=50');
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { name: string }) => u.name)).toEqual(['Siti Cabang A']);
    expect(res.body.count).toBe(1);
  });

  it('ignores a profile_id of another branch for non-top-level users', async () => {
    const res = await t.api(adminA).get(`/api/users?role=1&profile_id=${b}`);
    expect(res.body.data.map((u: { name: string }) => u.name)).toEqual(['Siti Cabang A']);
  });

  it('lets a top-level user read another branch on request', async () => {
    const res = await t.api(owner).get(`/api/users?role=1&profile_id=${b}`);
    expect(res.body.data.map((u: { name: string }) => u.name)).toEqual(['Budi Cabang B']);
  });

  it("answers 404 for another branch's patient", async () => {
    const res = await t.api(adminA).get(`/api/users/${patientB}`);
    expect(res.status).toBe(404);
    expect(res.body[0].message).toBe('Pengguna tidak ditemukan');
    expect((await t.api(adminB).get(`/api/users/${patientB}`)).status).toBe(200);
  });

  it('registers a new patient in the current branch with a NO RM', async () => {
    const res = await t
      .api(adminA)
      .post('/api/users', { name: 'Ani Wijaya', gender: '1', phone: '081234567890', idcard: '3174056108790001' });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toBeGreaterThan(0);
    expect(res.body.data.username).toMatch(new RegExp(`^RM${String(a).padStart(2, '0')}\\d{6}$`));
    expect(res.body.data.profile_id).toBe(a);
  });

  it('refuses a bad new patient with Indonesian field messages and stores nothing', async () => {
    const before = await countRows(t.db, 'users', 'audit_log');
    const res = await t.api(adminA).post('/api/users', { name: '', gender: '7', idcard: '123', email: 'bukan-email' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Wajib diisi' },
        { field: 'gender', message: 'Jenis kelamin tidak valid' },
        { field: 'idcard', message: 'NIK harus 16 digit angka' },
        { field: 'email', message: 'Alamat email tidak valid' },
      ]),
    );
    expect(await countRows(t.db, 'users', 'audit_log')).toEqual(before);
  });

  it('refuses a role without PASIEN manage (403) and stores nothing', async () => {
    const investor = await t.makeUser('investor', { branchId: a, password: null });
    const before = await countRows(t.db, 'users');
    const res = await t.api(investor).post('/api/users', { name: 'Tidak Boleh', gender: '0' });
    expect(res.status).toBe(403);
    expect(await countRows(t.db, 'users')).toEqual(before);
  });
});

describe('branches', () => {
  it('answers only the current branch to non-top-level users, even with isallbranch', async () => {
    const res = await t.api(adminA).get('/api/profile?isallbranch=1');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: number }) => p.id)).toEqual([a]);
  });

  it('answers every branch to top-level users with isallbranch=1', async () => {
    const res = await t.api(owner).get('/api/profile?isallbranch=1');
    expect(res.body.data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([a, b]));
  });

  it("hides another branch's details (404)", async () => {
    expect((await t.api(adminA).get(`/api/profile/${b}`)).status).toBe(404);
    expect((await t.api(adminA).get(`/api/profile/${a}`)).status).toBe(200);
  });

  it('refuses editing another branch and leaves it unchanged', async () => {
    const res = await t.api(managerA).put(`/api/profile/${b}`, { name: 'Diubah' });
    expect(res.status).toBe(404);
    const check = await t.api(owner).get(`/api/profile/${b}`);
    expect(check.body.data.name).toBe('Cabang B');
  });

  it('refuses editing without the manage flag (403)', async () => {
    const res = await t.api(adminA).put(`/api/profile/${a}`, { name: 'Diubah' });
    expect(res.status).toBe(403);
  });

  it('lets a manager edit the current branch and validates input', async () => {
    const bad = await t.api(managerA).put(`/api/profile/${a}`, { email: 'salah', phone: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email' }),
        expect.objectContaining({ field: 'phone' }),
      ]),
    );
    const ok = await t.api(managerA).put(`/api/profile/${a}`, { phone: '0217654321' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.phone).toBe('0217654321');
  });

  it('only top-level users open a new branch', async () => {
    expect((await t.api(managerA).post('/api/profile', { name: 'Cabang Baru' })).status).toBe(403);
    const res = await t.api(owner).post('/api/profile', { name: 'Cabang Baru', timezone: 'Asia/Makassar' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Cabang Baru', status: 1, timezone: 'Asia/Makassar' });
  });
});

describe('health', () => {
  it('answers ok when the database is reachable', async () => {
    const res = await t.api(null).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with a 404 error list', async () => {
    const res = await t.api(adminA).get('/api/tidak-ada');
    expect(res.status).toBe(404);
    expect(res.body[0].message).toBeTruthy();
  });
});
