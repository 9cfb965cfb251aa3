import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { RESOURCES } from '@klinik/shared';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';
import { userPrivilege, users } from '../../db/schema/index.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let manager: TestUser;
let admin: TestUser;
let perawat: TestUser;
let owner: TestUser;
let managerB: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  manager = await t.makeUser('manager', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA, name: 'Ani Admin' });
  perawat = await t.makeUser('perawat', { branchId: branchA, name: 'Rina Perawat' });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  managerB = await t.makeUser('manager', { branchId: branchB, name: 'Manajer B' });
});
afterAll(() => t.close());

const TABLES = ['users', 'user_privilege', 'audit_log', 'applog'];
const employee = (over: Record<string, unknown> = {}) => ({
  name: 'Dewi Dokter',
  username: `dewi_${Math.random().toString(36).slice(2, 8)}`,
  role: 2,
  password: 'Dokter#2026',
  repeatpassword: 'Dokter#2026',
  phone: '081377788899',
  ...over,
});

describe('POST /api/users/employee', () => {
  it('creates an employee of the current branch with the role defaults; they can sign in (owner)', async () => {
    const body = employee();
    const res = await t.api(owner).post('/api/users/employee', body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Dewi Dokter',
      role: 2,
      rolename: 'dokter',
      profile_id: branchA,
      status: 1,
      roletoplevel: 0,
    });
    const privs = await t.db.select().from(userPrivilege).where(eq(userPrivilege.user_id, res.body.data.id));
    expect(privs.find((p) => p.fiturcode === 'RM_TREATMENT')).toMatchObject({ iscanread: true, iscanmanage: true });
    const login = await t
      .api(null)
      .post('/api/auth/login', { username: body.username.toUpperCase(), password: body.password });
    expect(login.status).toBe(200);
  });

  it('takes explicit privileges (manage implies read) and a chosen branch from an owner', async () => {
    const res = await t.api(owner).post(
      '/api/users/employee',
      employee({
        role: 6,
        profile_id: branchB,
        previleges: [{ fiturcode: 'STOCK_ITEM', iscanread: false, iscanmanage: true }],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.profile_id).toBe(branchB);
    const privs = await t.db.select().from(userPrivilege).where(eq(userPrivilege.user_id, res.body.data.id));
    expect(privs).toEqual([{ user_id: res.body.data.id, fiturcode: 'STOCK_ITEM', iscanread: true, iscanmanage: true }]);
  });

  it('refuses a taken username (any case) with 409', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(owner).post('/api/users/employee', employee({ username: admin.username.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual([{ message: 'Username sudah dipakai', field: 'username' }]);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('answers 400 for bad input and common passwords', async () => {
    const before = await countRows(t.db, ...TABLES);
    const bad = await t
      .api(manager)
      .post('/api/users/employee', { name: '', username: 'a b', role: 1, password: 'x', repeatpassword: 'y' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      expect.arrayContaining([
        { message: 'Wajib diisi', field: 'name' },
        { message: 'Role tidak valid', field: 'role' },
        { message: 'Password minimal 5 karakter', field: 'password' },
      ]),
    );
    const common = await t
      .api(owner)
      .post('/api/users/employee', employee({ password: 'qwerty123', repeatpassword: 'qwerty123' }));
    expect(common.status).toBe(400);
    expect(common.body[0].message).toBe('Password terlalu mudah ditebak, gunakan password lain');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('refuses callers without SETTING_USER manage, top-level roles and other branches for non-owners', async () => {
    const before = await countRows(t.db, ...TABLES);
    expect((await t.api(admin).post('/api/users/employee', employee())).status).toBe(403);
    expect((await t.api(manager).post('/api/users/employee', employee({ roletoplevel: 2 }))).status).toBe(403);
    expect((await t.api(manager).post('/api/users/employee', employee({ profile_id: branchB }))).status).toBe(403);
    expect((await t.api(manager).post('/api/users/employee', employee({ role: 11 }))).status).toBe(403);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('is available through tRPC users.createEmployee', async () => {
    const u = await t.trpc(owner).users.createEmployee(employee({ role: 8, name: 'Putri Perawat' }));
    expect(u.pending === false && u.data.rolename).toBe('perawat');
    await expect(t.trpc(perawat).users.createEmployee(employee())).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('privileges: GET/PUT /api/users/{id}/privileges', () => {
  it('lists every feature with its flags', async () => {
    const res = await t.api(manager).get(`/api/users/${perawat.id}/privileges`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(RESOURCES.length);
    expect(res.body.data.find((p: { fiturcode: string }) => p.fiturcode === 'RM_BHP')).toEqual({
      fiturcode: 'RM_BHP',
      iscanread: true,
      iscanmanage: true,
    });
    expect(res.body.data.find((p: { fiturcode: string }) => p.fiturcode === 'FINANCE_LAPORAN')).toEqual({
      fiturcode: 'FINANCE_LAPORAN',
      iscanread: false,
      iscanmanage: false,
    });
  });

  it('replaces the privileges in one save; manage implies read; the session sees them at once (owner)', async () => {
    const res = await t.api(owner).put(`/api/users/${perawat.id}/privileges`, {
      previleges: [
        { fiturcode: 'PASIEN', iscanread: true, iscanmanage: false },
        { fiturcode: 'KASIR_UMUM', iscanread: false, iscanmanage: true },
        { fiturcode: 'STOCK_ITEM', iscanread: false, iscanmanage: false },
      ],
    });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(userPrivilege).where(eq(userPrivilege.user_id, perawat.id));
    expect(rows.map((r) => [r.fiturcode, r.iscanread, r.iscanmanage]).sort()).toEqual([
      ['KASIR_UMUM', true, true],
      ['PASIEN', true, false],
    ]);
    const me = await t.api(perawat).get('/api/auth/me');
    expect(me.body.data.previleges).toHaveLength(2);
  });

  it('refuses other roles, oneself, other branches and unknown features', async () => {
    const before = await countRows(t.db, ...TABLES);
    expect((await t.api(perawat).put(`/api/users/${admin.id}/privileges`, { previleges: [] })).status).toBe(403);
    expect((await t.api(admin).get(`/api/users/${perawat.id}/privileges`)).status).toBe(403);
    const self = await t.api(manager).put(`/api/users/${manager.id}/privileges`, { previleges: [] });
    expect(self.status).toBe(403);
    expect(self.body[0].message).toBe('Anda tidak dapat mengubah role atau hak akses Anda sendiri');
    expect((await t.api(manager).put(`/api/users/${managerB.id}/privileges`, { previleges: [] })).status).toBe(404);
    const bad = await t
      .api(manager)
      .put(`/api/users/${admin.id}/privileges`, { previleges: [{ fiturcode: 'ROKET', iscanread: true }] });
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toMatchObject({ message: 'Kode fitur tidak dikenal', field: 'previleges.0.fiturcode' });
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });
});

describe('/master/users list and Excel export', () => {
  it('lists staff accounts of the branch with search and pagination', async () => {
    const page = await t.trpc(manager).users.adminList({ page: 1, limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.count).toBeGreaterThan(2);
    expect(page.data.every((u) => u.role !== 1 && u.profile_id === branchA)).toBe(true);
    const found = await t.trpc(manager).users.adminList({ page: 1, limit: 20, keyword: 'rina' });
    expect(found.data.map((u) => u.id)).toEqual([perawat.id]);
    await expect(t.trpc(perawat).users.adminList({ page: 1, limit: 20 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('exports the user list as xlsx for SETTING_USER, not for others', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/export?keyword=',
      headers: { cookie: manager.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Pengguna')!;
    expect(ws.getRow(1).getCell(2).value).toBe('Nama');
    const names: unknown[] = [];
    ws.eachRow((row, i) => {
      if (i > 1) names.push(row.getCell(2).value);
    });
    expect(names).toContain('Rina Perawat');
    expect(names).not.toContain('Manajer B');
    expect((await t.api(perawat).get('/api/users/export')).status).toBe(403);
    expect((await t.api(manager).get('/api/users/export?status=abc')).status).toBe(400);
  });
});

describe('GET /api/users (autocomplete source)', () => {
  it('filters doctors by branch and keyword', async () => {
    const doc = await t.makeUser('dokter', { branchId: branchA, name: 'Dokter Hartono' });
    const res = await t.api(admin).get(`/api/users?role=2&status=1&profile_id=${branchA}&keyword=harto`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { id: number }) => u.id)).toEqual([doc.id]);
    const other = await t.api(admin).get(`/api/users?role=2&profile_id=${branchB}`);
    expect(other.body.data.every((u: { profile_id: number }) => u.profile_id === branchA)).toBe(true);
  });

  it('registers a new patient with POST /api/users and answers data.id', async () => {
    const before = await countRows(t.db, 'users');
    const res = await t.api(admin).post('/api/users', { name: 'Pasien Baru', gender: '0', phone: '081234500000' });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.data.id));
    expect(row).toMatchObject({ role: 1, profile_id: branchA });
    expect((await t.api(perawat).post('/api/users', { name: 'Pasien Lain', gender: '1' })).status).toBe(403);
    expect((await t.api(admin).post('/api/users', { gender: '3' })).status).toBe(400);
    expect(await countRows(t.db, 'users')).toEqual({ users: before.users + 1 });
  });
});
