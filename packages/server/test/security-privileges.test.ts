import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { canFeature, defaultPrivileges, RESOURCES, ROLE_IDS, STAFF_ROLE_NAMES, type Privilege } from '@klinik/shared';
import { auditLog, userPrivilege, users } from '../src/db/schema/index.js';
import { countRows, createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * Issue 8, finding 2: nobody grants a privilege they do not hold, nor a top-level role, whether by creating an
 * account (POST /api/users/employee, users.createEmployee), by editing privileges (PUT /api/users/{id}/privileges,
 * users.setPrivileges) or by a role change that brings the role's defaults (PUT /api/users/{id}, users.setAccess).
 * Grants go through the approval engine; the approver must hold what is granted too; the audit row holds the
 * privileges before and after.
 */

let t: TestApp;
let branch: number;
let manager: TestUser;
let manager2: TestUser;
let owner: TestUser;
let target: TestUser;
/** An account with no privileges: anything given to it is a grant. */
let bare: TestUser;

const TABLES = ['users', 'user_privilege', 'audit_log', 'applog', 'session'];
let n = 0;
const employee = (over: Record<string, unknown> = {}) => ({
  name: 'Pegawai Baru',
  username: `pegawai_${++n}_${Math.random().toString(36).slice(2, 6)}`,
  role: ROLE_IDS.admin,
  password: 'Pegawai#2026',
  repeatpassword: 'Pegawai#2026',
  ...over,
});
const everything = (): Privilege[] => RESOURCES.map((r) => ({ fiturcode: r, iscanread: true, iscanmanage: true }));
const privilegesOf = async (id: number) =>
  (await t.db.select().from(userPrivilege).where(eq(userPrivilege.user_id, id)))
    .map((p) => `${p.fiturcode}:${p.iscanmanage ? 'm' : 'r'}`)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch();
  manager = await t.makeUser('manager', { branchId: branch });
  manager2 = await t.makeUser('manager', { branchId: branch });
  owner = await t.makeUser('manager', { branchId: branch, toplevel: 'owner' });
  target = await t.makeUser('admin', { branchId: branch, name: 'Target Admin' });
  bare = await t.makeUser('admin', { branchId: branch, name: 'Tanpa Hak', privileges: [] });
});
afterAll(() => t.close());

describe('grants beyond one’s own privileges are refused, for every role that may manage users', () => {
  it('each staff role given SETTING_USER manage can grant nothing it lacks, by any of the six ways', async () => {
    for (const role of STAFF_ROLE_NAMES) {
      const own = [
        ...defaultPrivileges(role).filter((p) => p.fiturcode !== 'SETTING_USER'),
        { fiturcode: 'SETTING_USER' as const, iscanread: true, iscanmanage: true },
      ];
      const grantor = await t.makeUser(role, { branchId: branch, privileges: own, password: null });
      const lacking = RESOURCES.filter((r) => !canFeature(grantor.session, r, 'manage'));
      const before = await countRows(t.db, ...TABLES);
      const privsBefore = await privilegesOf(bare.id);
      for (const r of lacking) {
        const grant = [{ fiturcode: r, iscanread: true, iscanmanage: true }];
        const put = await t.api(grantor).put(`/api/users/${bare.id}/privileges`, { previleges: grant });
        expect(put.status, `${role} grants ${r} by PUT`).toBe(403);
        expect(put.body[0].message).toContain(`${r} (kelola)`);
        const created = await t.api(grantor).post('/api/users/employee', employee({ previleges: grant }));
        expect(created.status, `${role} creates with ${r}`).toBe(403);
        await expect(t.trpc(grantor).users.setPrivileges({ id: bare.id, previleges: grant })).rejects.toMatchObject({
          code: 'FORBIDDEN',
        });
        await expect(t.trpc(grantor).users.createEmployee(employee({ previleges: grant }))).rejects.toMatchObject({
          code: 'FORBIDDEN',
        });
        const viaPut = await t.api(grantor).put(`/api/users/${bare.id}`, { previleges: grant });
        expect(viaPut.status, `${role} grants ${r} by PUT /api/users/{id}`).toBe(403);
      }
      // A role whose defaults exceed the grantor's, by creation and by role change.
      for (const other of STAFF_ROLE_NAMES) {
        const exceeds = defaultPrivileges(other).some(
          (p) => !canFeature(grantor.session, p.fiturcode, p.iscanmanage ? 'manage' : 'read'),
        );
        if (!exceeds || other === 'superadmin') continue;
        const created = await t.api(grantor).post('/api/users/employee', employee({ role: ROLE_IDS[other] }));
        expect(created.status, `${role} creates a ${other}`).toBe(403);
        if (other === 'admin') continue; // `bare` is an admin already: no change of role
        await expect(
          t.trpc(grantor).users.setAccess({ id: bare.id, data: { role: ROLE_IDS[other] } }),
        ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      }
      // Top-level roles are for owner and developer alone.
      for (const roletoplevel of [1, 2, 3, 4]) {
        expect((await t.api(grantor).post('/api/users/employee', employee({ roletoplevel }))).status).toBe(403);
        expect((await t.api(grantor).put(`/api/users/${bare.id}`, { roletoplevel })).status).toBe(403);
      }
      expect(await countRows(t.db, ...TABLES), role).toEqual(before);
      expect(await privilegesOf(bare.id)).toEqual(privsBefore);
    }
  });

  it('every manage privilege at once is refused to a manager (the audit finding)', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(manager).post('/api/users/employee', employee({ previleges: everything() }));
    expect(res.status).toBe(403);
    expect(res.body[0]).toMatchObject({ field: 'previleges' });
    expect((await t.api(manager).put(`/api/users/${target.id}/privileges`, { previleges: everything() })).status).toBe(
      403,
    );
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });
});

describe('grants within one’s own privileges go through approval', () => {
  it('a new account waits inactive (cannot sign in) until approved; then it has its privileges', async () => {
    const body = employee({ role: ROLE_IDS.admin });
    const res = await t.api(manager).post('/api/users/employee', body);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ pending: true, applog_id: expect.any(Number) });
    const [row] = await t.db.select().from(users).where(eq(users.username, body.username));
    expect(row.status).toBe(0);
    expect(await privilegesOf(row.id)).toEqual([]);
    const login = await t.api(null).post('/api/auth/login', { username: body.username, password: body.password });
    expect(login.status).toBe(401);

    const ok = await t.api(manager2).post(`/api/applog/doconfirm/${res.body.data.applog_id}`, { status: 1 });
    expect(ok.status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, row.id));
    expect(after.status).toBe(1);
    expect(await privilegesOf(row.id)).toEqual(
      defaultPrivileges('admin')
        .map((p) => `${p.fiturcode}:${p.iscanmanage ? 'm' : 'r'}`)
        .sort(),
    );
    expect(
      (await t.api(null).post('/api/auth/login', { username: body.username, password: body.password })).status,
    ).toBe(200);
  });

  it('the approver must hold what is granted too: a manager cannot approve a doctor’s request for a doctor account', async () => {
    // Issue 25: clinical write rights are held by clinicians only (superadmin holds none), so the request comes from
    // a doctor who was given SETTING_USER manage.
    const chief = await t.makeUser('dokter', {
      branchId: branch,
      privileges: [
        ...defaultPrivileges('dokter'),
        { fiturcode: 'SETTING_USER' as const, iscanread: true, iscanmanage: true },
      ],
    });
    const body = employee({ role: ROLE_IDS.dokter, name: 'Dokter Diminta' });
    const res = await t.api(chief).post('/api/users/employee', body);
    expect(res.status).toBe(202);
    const id = res.body.data.applog_id as number;
    const before = await countRows(t.db, ...TABLES);
    const refused = await t.api(manager).post(`/api/applog/doconfirm/${id}`, { status: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body[0].message).toContain('RM_TREATMENT (kelola)');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    const ok = await t.api(owner).post(`/api/applog/doconfirm/${id}`, { status: 1 });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.username, body.username));
    expect(row.status).toBe(1);
    expect(await privilegesOf(row.id)).toContain('RM_TREATMENT:m');
  });

  it('a privilege change is a request; approved, it holds; the audit row has the privileges before and after', async () => {
    const grant = [
      ...defaultPrivileges('admin'),
      { fiturcode: 'MASTER_PROMO' as const, iscanread: true, iscanmanage: true },
    ];
    const before = await privilegesOf(target.id);
    const res = await t.api(manager).put(`/api/users/${target.id}/privileges`, { previleges: grant });
    expect(res.status).toBe(202);
    expect(await privilegesOf(target.id)).toEqual(before);
    const viaTrpc = await t
      .trpc(manager)
      .users.setPrivileges({ id: target.id, previleges: grant })
      .catch((e) => e);
    expect(viaTrpc).toMatchObject({ code: 'CONFLICT' }); // one open request per user and action
    const ok = await t.api(manager2).post(`/api/applog/doconfirm/${res.body.data.applog_id}`, { status: 1 });
    expect(ok.status).toBe(200);
    expect(await privilegesOf(target.id)).toContain('MASTER_PROMO:m');
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, String(target.id)), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const names = (l: unknown) => (l as Privilege[]).map((p) => p.fiturcode);
    expect(names((row.before as { previleges: unknown }).previleges)).not.toContain('MASTER_PROMO');
    expect(names((row.after as { previleges: unknown }).previleges)).toContain('MASTER_PROMO');
    expect(row.user_id).toBe(manager2.id);
    expect(row.after).not.toHaveProperty('password_hash');
  });

  it('owner and developer grant at once (they hold everything)', async () => {
    const res = await t.api(owner).put(`/api/users/${target.id}/privileges`, { previleges: everything() });
    expect(res.status).toBe(200);
    expect(await privilegesOf(target.id)).toHaveLength(RESOURCES.length);
    const created = await t.api(owner).post('/api/users/employee', employee({ role: ROLE_IDS.dokter }));
    expect(created.status).toBe(201);
  });

  it('the signed-in grantee sees nothing of a refused grant', async () => {
    const me = await t.makeUser('perawat', { branchId: branch });
    const res = await t.api(manager).put(`/api/users/${me.id}/privileges`, {
      previleges: [{ fiturcode: 'RM_RESEP', iscanread: true, iscanmanage: true }],
    });
    expect(res.status).toBe(403);
    const session = await t.api(me).get('/api/auth/me');
    expect(session.body.data.previleges.find((p: Privilege) => p.fiturcode === 'RM_RESEP')?.iscanmanage ?? false).toBe(
      defaultPrivileges('perawat').some((p) => p.fiturcode === 'RM_RESEP' && p.iscanmanage),
    );
  });
});
