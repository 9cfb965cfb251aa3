import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';
import { applog, users } from '../../db/schema/index.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let manager: TestUser;
let manager2: TestUser;
let superadmin: TestUser;
let admin: TestUser;
let perawat: TestUser;
let investor: TestUser;
let managerB: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  manager = await t.makeUser('manager', { branchId: branchA, name: 'Maya Manager' });
  manager2 = await t.makeUser('manager', { branchId: branchA, name: 'Mario Manager' });
  superadmin = await t.makeUser('superadmin', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  investor = await t.makeUser('investor', { branchId: branchA });
  managerB = await t.makeUser('manager', { branchId: branchB });
});
afterAll(() => t.close());

async function requestDeactivation(by: TestUser, targetRole: 'multimedia' | 'inventory' = 'multimedia') {
  const target = await t.makeUser(targetRole, { branchId: by.branchId });
  const res = await t.api(by).put(`/api/users/${target.id}`, { status: 0 });
  expect(res.status).toBe(202);
  return { target, id: res.body.data.applog_id as number };
}
async function statusOf(id: number) {
  const [row] = await t.db.select({ status: users.status }).from(users).where(eq(users.id, id));
  return row.status;
}
const TABLES = ['users', 'session', 'applog', 'audit_log'];

describe('GET /api/applog', () => {
  it('lists the branch log newest first with data and count, 30 a page by default', async () => {
    const { id } = await requestDeactivation(manager);
    const res = await t.api(superadmin).get('/api/applog');
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(1);
    const row = res.body.data.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      status: 0,
      statusname: 'Menunggu Persetujuan',
      userdata: { id: manager.id, name: 'Maya Manager' },
      assignby: ['manager', 'superadmin'],
      can_decide: true,
      url: expect.stringMatching(/^\/user\/\d+$/),
      reason: null,
    });
    expect(row.message).toMatch(/^Menonaktifkan pengguna /);
  });

  it('filters by keyword, status, user, role, assignby and pages', async () => {
    const api = t.api(superadmin);
    const byUser = await api.get(
      `/api/applog?user=${manager.id}&status=0&role=4&assignby=manager&keyword=menonaktifkan&page=1&limit=30`,
    );
    expect(byUser.status).toBe(200);
    expect(byUser.body.data.length).toBeGreaterThan(0);
    expect(
      byUser.body.data.every(
        (r: { userdata: { id: number }; status: number }) => r.userdata.id === manager.id && r.status === 0,
      ),
    ).toBe(true);
    const none = await api.get('/api/applog?keyword=tidak-ada-yang-cocok');
    expect(none.body).toEqual({ data: [], count: 0 });
    const paged = await api.get('/api/applog?limit=1&page=1');
    expect(paged.body.data).toHaveLength(1);
    const empty = await api.get('/api/applog?status=&keyword=&groupvisit=');
    expect(empty.status).toBe(200);
  });

  it('shows the drawer: my own requests and those waiting for me', async () => {
    const mine = await t.api(manager).get('/api/applog?scope=mine');
    expect(mine.body.data.every((r: { userdata: { id: number } }) => r.userdata.id === manager.id)).toBe(true);
    const waiting = await t.api(manager2).get('/api/applog?scope=waiting');
    expect(waiting.body.data.length).toBeGreaterThan(0);
    expect(
      waiting.body.data.every((r: { status: number; can_decide: boolean }) => r.status === 0 && r.can_decide),
    ).toBe(true);
    // A nurse (no SETTING_APPROVAL) sees only own entries and what waits for her: nothing here.
    const nurse = await t.api(perawat).get('/api/applog');
    expect(nurse.status).toBe(200);
    expect(nurse.body.data).toEqual([]);
  });

  it('is hidden from investors (My Menu) and refuses bad filters', async () => {
    expect((await t.api(investor).get('/api/applog')).status).toBe(403);
    const bad = await t.api(manager).get('/api/applog?status=5&page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.map((i: { field: string }) => i.field).sort()).toEqual(['page', 'status']);
  });

  it("never shows another branch's log", async () => {
    const res = await t.api(managerB).get(`/api/applog?profile_id=${branchA}`);
    expect(res.status).toBe(200);
    expect(res.body.data.every((r: { profile_id: number }) => r.profile_id === branchB)).toBe(true);
  });

  it('exports the activity list as xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/applog/export',
      headers: { cookie: superadmin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('aktivitas.xlsx');
    expect((await t.api(investor).get('/api/applog/export')).status).toBe(403);
  });
});

describe('POST /api/applog/doconfirm/{id}', () => {
  it('approves once: the stored change is carried out; a second decision is refused with 409', async () => {
    const { target, id } = await requestDeactivation(manager);
    const ok = await t.api(manager2).post(`/api/applog/doconfirm/${id}`, { status: 1, reason: 'Disetujui' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id, status: 1, can_decide: false, decidedby: { id: manager2.id } });
    expect(await statusOf(target.id)).toBe(0);
    const before = await countRows(t.db, ...TABLES);
    const again = await t
      .api(superadmin)
      .post(`/api/applog/doconfirm/${id}`, { status: -1, reason: 'Berubah pikiran' });
    expect(again.status).toBe(409);
    expect(again.body[0].message).toBe('Permintaan ini sudah diputuskan dan tidak dapat diubah lagi');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    const [row] = await t.db.select().from(applog).where(eq(applog.id, id));
    expect(row.status).toBe(1);
  });

  it('rejects: nothing is carried out, the reason is kept', async () => {
    const { target, id } = await requestDeactivation(manager);
    const res = await t.trpc(superadmin).applog.decide({ id, data: { status: -1, reason: 'Masih dibutuhkan' } });
    expect(res).toMatchObject({ status: -1, reason: 'Masih dibutuhkan', statusname: 'Ditolak' });
    expect(await statusOf(target.id)).toBe(1);
    await expect(t.trpc(superadmin).applog.decide({ id, data: { status: 1 } })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('refuses the requester, roles not listed, another branch and investors, changing nothing', async () => {
    const { target, id } = await requestDeactivation(manager);
    const before = await countRows(t.db, ...TABLES);
    const own = await t.api(manager).post(`/api/applog/doconfirm/${id}`, { status: 1 });
    expect(own.status).toBe(403);
    expect(own.body[0].message).toBe('Anda tidak dapat memutuskan permintaan Anda sendiri');
    expect((await t.api(admin).post(`/api/applog/doconfirm/${id}`, { status: 1 })).status).toBe(403);
    expect((await t.api(managerB).post(`/api/applog/doconfirm/${id}`, { status: 1 })).status).toBe(404);
    expect((await t.api(investor).post(`/api/applog/doconfirm/${id}`, { status: 1 })).status).toBe(403);
    expect((await t.api(manager2).post('/api/applog/doconfirm/999999', { status: 1 })).status).toBe(404);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    expect(await statusOf(target.id)).toBe(1);
  });

  it('answers 400 for a missing decision or a rejection without reason', async () => {
    const { id } = await requestDeactivation(manager);
    const none = await t.api(manager2).post(`/api/applog/doconfirm/${id}`, {});
    expect(none.status).toBe(400);
    expect(none.body[0]).toMatchObject({ field: 'status' });
    const zero = await t.api(manager2).post(`/api/applog/doconfirm/${id}`, { status: 0 });
    expect(zero.body).toEqual([{ message: 'Keputusan wajib dipilih (setujui atau tolak)', field: 'status' }]);
    const [row] = await t.db.select().from(applog).where(eq(applog.id, id));
    expect(row.status).toBe(0);
  });

  it('keeps decided requests read-only in the database itself', async () => {
    const { id } = await requestDeactivation(manager);
    await t.trpc(superadmin).applog.decide({ id, data: { status: -1, reason: 'Tidak' } });
    await expect(t.db.update(applog).set({ status: 1 }).where(eq(applog.id, id))).rejects.toThrow();
    await expect(t.db.delete(applog).where(eq(applog.id, id))).rejects.toThrow();
  });
});

describe('/master/approval-rule (tRPC approvalRules)', () => {
  it('lists the seeded defaults and lets SETTING_APPROVAL manage change them', async () => {
    const rules = await t.trpc(manager).approvalRules.list();
    expect(rules).toEqual([
      {
        action: 'user.deactivate',
        label: 'Menonaktifkan pengguna',
        needs_approval: true,
        approver_roles: ['manager', 'superadmin'],
        profile_id: branchA,
      },
      {
        action: 'user.change_role',
        label: 'Mengubah role / cabang pengguna lain',
        needs_approval: true,
        approver_roles: ['manager', 'superadmin'],
        profile_id: branchA,
      },
      {
        action: 'user.change_privileges',
        label: 'Mengubah hak akses pengguna lain',
        needs_approval: true,
        approver_roles: ['manager', 'superadmin'],
        profile_id: branchA,
      },
      {
        action: 'user.create_employee',
        label: 'Membuat akun pegawai',
        needs_approval: true,
        approver_roles: ['manager', 'superadmin'],
        profile_id: branchA,
      },
      {
        action: 'attendance.correct_day',
        label: 'Koreksi absensi harian pegawai',
        needs_approval: true,
        approver_roles: ['manager', 'superadmin'],
        profile_id: branchA,
      },
      {
        action: 'inventory.adjustment',
        label: 'Stok opname di atas batas nilai',
        needs_approval: true,
        approver_roles: ['manager', 'superadmin'],
        profile_id: branchA,
      },
      {
        action: 'kasir.void_payment',
        label: 'Membatalkan pembayaran kasir (void)',
        needs_approval: true,
        approver_roles: ['manager', 'superadmin'],
        profile_id: branchA,
      },
      {
        action: 'kasir.discount',
        label: 'Diskon kasir di atas batas',
        needs_approval: true,
        approver_roles: ['manager', 'superadmin'],
        profile_id: branchA,
      },
      ...[
        'employee.change_pay',
        'kasir.change_limit',
        'approval.change_rule',
        'hutang.void_payment',
        'finance.expense',
        'finance.expense_reverse',
        'finance.expense_limits',
        'deviden.approve_run',
        'sharing.approve_run',
      ].map((action) => ({
        action,
        label: expect.any(String),
        needs_approval: true,
        approver_roles: ['manager', 'superadmin'],
        profile_id: branchA,
      })),
    ]);
    // A rule change is a change of approval limits: it waits for a second person (issue 25).
    const asked = await t
      .trpc(manager)
      .approvalRules.update({ action: 'user.deactivate', needs_approval: false, approver_roles: [] });
    expect(asked).toMatchObject({ pending: true });
    expect((await t.trpc(manager).approvalRules.list())[0].needs_approval).toBe(true);
    if (!asked.pending) throw new Error('expected a pending request');
    await expect(t.trpc(manager).applog.decide({ id: asked.applog_id, data: { status: 1 } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await t.trpc(manager2).applog.decide({ id: asked.applog_id, data: { status: 1 } });
    expect((await t.trpc(manager).approvalRules.list())[0].needs_approval).toBe(false);
    // Without approval, the manager's deactivation happens at once.
    const target = await t.makeUser('inventory', { branchId: branchA });
    const res = await t.api(manager).put(`/api/users/${target.id}`, { status: 0 });
    expect(res.status).toBe(200);
    expect(await statusOf(target.id)).toBe(0);
    // Branch B keeps its own rule.
    const rulesB = await t.trpc(managerB).approvalRules.list();
    expect(rulesB[0].needs_approval).toBe(true);
    const back = await t
      .trpc(manager)
      .approvalRules.update({ action: 'user.deactivate', needs_approval: true, approver_roles: ['superadmin'] });
    if (!back.pending) throw new Error('expected a pending request');
    await t.trpc(superadmin).applog.decide({ id: back.applog_id, data: { status: 1 } });
    const r2 = await requestDeactivation(manager, 'inventory');
    await expect(t.trpc(manager2).applog.decide({ id: r2.id, data: { status: 1 } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await t.trpc(superadmin).applog.decide({ id: r2.id, data: { status: 1 } });
    expect(await statusOf(r2.target.id)).toBe(0);
  });

  it('refuses readers without manage and bad input', async () => {
    expect(await t.trpc(admin).approvalRules.list()).toHaveLength(17);
    await expect(
      t.trpc(admin).approvalRules.update({ action: 'user.deactivate', needs_approval: false, approver_roles: [] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.trpc(perawat).approvalRules.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      t.trpc(manager).approvalRules.update({ action: 'user.deactivate', needs_approval: true, approver_roles: [] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Pilih minimal satu role penyetuju'),
    });
    // Pay, limits and rules always need a second person: their rule cannot be switched off.
    await expect(
      t.trpc(manager).approvalRules.update({ action: 'kasir.change_limit', needs_approval: false, approver_roles: [] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('selalu memerlukan persetujuan orang kedua'),
    });
  });
});
