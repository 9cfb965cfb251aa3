/**
 * Separation of duties (issue 25, findings 1 and 8): no single account both makes and approves a change that moves
 * money or a person's record, nor approves its own. Walks every role (and every top-level role) over the salary,
 * bank, payroll run, discount limit and approval rule routes, and every approval kind for self-approval: no 5xx,
 * nothing written by a refused request, nothing carried out without a second person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  allows,
  APPROVAL_ACTION_KEYS,
  PAYROLL_ACCESS,
  ATTENDANCE_ACCESS,
  STAFF_ROLE_NAMES,
  type RoleName,
  type TopLevelName,
} from '@klinik/shared';
import { createTestApp, type ApiResponse, type TestApp, type TestUser } from './helpers.js';
import { setEmployment } from './pay-helpers.js';
import { applog, employee } from '../src/db/schema/index.js';
import { queryRows } from '../src/db/client.js';
import { createPeriode } from '../src/modules/finance/index.js';
import { hasApprovalExecutor } from '../src/modules/applog/index.js';

let t: TestApp;
let branch: number;
let hr: TestUser;
let hr2: TestUser;
let decider: TestUser;
let target: TestUser;
let group: number;

const ACTORS: { label: string; role: RoleName; toplevel?: TopLevelName }[] = [
  ...STAFF_ROLE_NAMES.map((role) => ({ label: role, role })),
  { label: 'owner', role: 'manager', toplevel: 'owner' },
  { label: 'developer', role: 'manager', toplevel: 'developer' },
  { label: 'managerhr', role: 'perawat', toplevel: 'managerhr' },
  { label: 'manageroperational', role: 'perawat', toplevel: 'manageroperational' },
];

async function payOf(userId: number) {
  const [row] = await t.db
    .select({ s: employee.base_salary, a: employee.bank_account })
    .from(employee)
    .where(eq(employee.user_id, userId));
  return row ?? null;
}
async function state() {
  const [r] = await queryRows<{ runs: number; approved: number; limit: number; rules: number }>(
    t.db,
    sql`select (select count(*)::int from payroll_run where profile_id = ${branch}) as runs,
               (select count(*)::int from payroll_run where profile_id = ${branch} and status = 1) as approved,
               (select coalesce(max(discount_limit_bp), 1000)::int from kasir_setting where profile_id = ${branch}) as "limit",
               (select count(*)::int from approval_rule where profile_id = ${branch}) as rules`,
  );
  return { ...r, target: await payOf(target.id) };
}
function no5xx(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  return res;
}
/** A pending request the actor made: they may not decide it; a second person rejects it (nothing carried out). */
async function cannotApproveOwn(actor: TestUser, applogId: number) {
  const own = no5xx(await t.api(actor).post(`/api/applog/doconfirm/${applogId}`, { status: 1 }));
  expect(own.status).toBe(403);
  expect(
    (await t.api(decider).post(`/api/applog/doconfirm/${applogId}`, { status: -1, reason: 'Uji pemisahan tugas' }))
      .status,
  ).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Pemisahan Tugas' });
  hr = await t.makeUser('manager', { branchId: branch, name: 'Hana HR' });
  hr2 = await t.makeUser('finance', { branchId: branch, name: 'Fina Keuangan' });
  decider = await t.makeUser('manager', { branchId: branch, toplevel: 'owner', name: 'Sari Penyetuju' });
  target = await t.makeUser('perawat', { branchId: branch, name: 'Tari Target' });
  await createPeriode(t.ctx(hr), { start_date: '2025-01-01' });
  await setEmployment(t, hr, decider, target.id, {
    employment: 'tetap',
    ptkp: 'TK/0',
    base_salary: 6_000_000,
    bank_name: 'BCA',
    bank_account: '1111111111',
    bank_holder: 'Tari Target',
  });
  const hr3 = await t.makeUser('manager', { branchId: branch });
  await setEmployment(t, decider, hr3, hr.id, { employment: 'tetap', ptkp: 'TK/0', base_salary: 9_000_000 });
  const g = await t.api(hr).post('/api/attendance/payroll/groups', { name: 'Bulanan', members: [target.id, hr.id] });
  expect(g.status).toBe(201);
  group = g.body.data.id;
});
afterAll(() => t.close());

describe('every role against the salary, bank, payroll, limit and rule routes', () => {
  it.each(ACTORS)('$label: refused or sent to a second person; nothing written by itself', async (a) => {
    const actor = await t.makeUser(a.role, { branchId: branch, toplevel: a.toplevel, name: `Aktor ${a.label}` });
    const payroll = allows(actor.session, PAYROLL_ACCESS);
    const attendance = allows(actor.session, ATTENDANCE_ACCESS);
    const before = await state();

    // Reading: salary and bank only for payroll.
    const read = no5xx(await t.api(actor).get(`/api/attendance/employees/${target.id}`));
    if (!attendance && !payroll) expect(read.status).toBe(403);
    if (read.status === 200) {
      expect(read.body.data.base_salary).toBe(payroll ? 6_000_000 : null);
      expect(read.body.data.bank_account).toBe(payroll ? '1111111111' : null);
    }

    // Another employee's salary and bank: a request for a second person, or refused.
    const change = no5xx(
      await t.api(actor).put(`/api/attendance/employees/${target.id}`, {
        employment: 'tetap',
        ptkp: 'TK/0',
        base_salary: 60_000_000,
        bank_account: '9999999999',
      }),
    );
    expect(await payOf(target.id)).toEqual(before.target);
    // Employment data is attendance's page; salary and bank on it are payroll's (finance has no employee page).
    if (payroll && attendance) {
      expect(change.status).toBe(200);
      expect(change.body.data.pending_pay_change).toMatchObject({
        base_salary: 60_000_000,
        bank_account: '9999999999',
      });
      await cannotApproveOwn(actor, change.body.data.pending_pay_change.applog_id);
      expect(await payOf(target.id)).toEqual(before.target);
    } else {
      expect(change.status).toBe(403);
    }

    // One's own salary and bank: refused to everyone, top-level included.
    const own = no5xx(
      await t.api(actor).put(`/api/attendance/employees/${actor.id}`, {
        employment: 'tetap',
        ptkp: 'TK/0',
        base_salary: 99_000_000,
        bank_account: '8888888888',
      }),
    );
    expect(own.status).toBe(403);
    expect(await payOf(actor.id)).toBeNull();

    // A payroll run: its creator never approves it.
    const run = no5xx(await t.api(actor).post('/api/attendance/payroll/run', { period: '2026-03', group }));
    if (payroll) {
      expect(run.status).toBe(201);
      expect(run.body.data.approve_refusal).toBeTruthy();
      const approve = no5xx(await t.api(actor).post(`/api/attendance/payroll/run/${run.body.data.id}/approve`));
      expect(approve.status).toBe(403);
      expect((await state()).approved).toBe(before.approved);
      expect((await t.api(actor).post(`/api/attendance/payroll/run/${run.body.data.id}/discard`)).status).toBe(200);
    } else {
      expect(run.status).toBe(403);
    }

    // The discount limit: a request for a second person, or refused.
    const limit = no5xx(await t.api(actor).put('/api/kasir/setting', { is_pkp: false, discount_limit_percent: 100 }));
    if (limit.status === 200) {
      expect(limit.body.data).toMatchObject({ pending: true, discount_limit_percent: 10 });
      await cannotApproveOwn(actor, limit.body.data.pending_limit.applog_id);
    } else expect(limit.status).toBe(403);

    // An approval rule: a request for a second person, or refused.
    const rule = await t
      .trpc(actor)
      .approvalRules.update({ action: 'kasir.discount', needs_approval: false, approver_roles: [] })
      .catch((e: { code?: string }) => e);
    if ('pending' in rule && rule.pending) await cannotApproveOwn(actor, rule.applog_id);
    else expect(rule).toMatchObject({ code: 'FORBIDDEN' });

    const after = await state();
    expect(after).toEqual({ ...before, runs: before.runs });
  });
});

describe('the approver of a payout is never its payee', () => {
  it('a manager paid by a run may not approve it; a second person not in it may', async () => {
    const run = await t.api(hr2).post('/api/attendance/payroll/run', { period: '2026-04', group });
    expect(run.status).toBe(201);
    const mine = await t.api(hr).get(`/api/attendance/payroll/run/${run.body.data.id}`);
    expect(mine.body.data.approve_refusal).toBe(
      'Anda tidak dapat memutuskan perubahan atau pembayaran untuk diri Anda sendiri',
    );
    const paidToMe = await t.api(hr).post(`/api/attendance/payroll/run/${run.body.data.id}/approve`);
    expect(paidToMe.status).toBe(403);
    expect((await state()).approved).toBe(0);
    const owner = await t.makeUser('manager', { branchId: branch, toplevel: 'owner' });
    const ok = await t.api(owner).post(`/api/attendance/payroll/run/${run.body.data.id}/approve`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.approved_by).toBe(owner.id);
  });

  it('the employee whose pay changes may not approve it, and sees it on Gaji Saya', async () => {
    const manager = await t.makeUser('manager', { branchId: branch, name: 'Mira Naik Gaji' });
    const res = await t.api(hr).put(`/api/attendance/employees/${manager.id}`, {
      employment: 'tetap',
      ptkp: 'TK/0',
      base_salary: 12_000_000,
      bank_name: 'BNI',
    });
    const id = res.body.data.pending_pay_change.applog_id as number;
    const mine = await t.api(manager).get('/api/attendance/payroll/my/pay');
    expect(mine.status).toBe(200);
    expect(mine.body.data.requests[0]).toMatchObject({
      id,
      status: 0,
      statusname: 'Menunggu Persetujuan',
      requested_by: 'Hana HR',
      change: { base_salary: 12_000_000, bank_name: 'BNI' },
    });
    const list = await t.api(manager).get('/api/applog?scope=waiting');
    expect(list.body.data.find((r: { id: number }) => r.id === id)?.can_decide ?? false).toBe(false);
    const self = await t.api(manager).post(`/api/applog/doconfirm/${id}`, { status: 1 });
    expect(self.status).toBe(403);
    expect(await payOf(manager.id)).toMatchObject({ s: 0 });
    expect((await t.api(decider).post(`/api/applog/doconfirm/${id}`, { status: 1 })).status).toBe(200);
    expect(await payOf(manager.id)).toMatchObject({ s: 1_200_000_000 });
    expect((await t.api(manager).get('/api/attendance/payroll/my/pay')).body.data).toMatchObject({
      base_salary: 12_000_000,
      bank_name: 'BNI',
      requests: [{ id, status: 1, statusname: 'Disetujui' }],
    });
  });
});

describe('self-approval of every kind of request', () => {
  it.each(APPROVAL_ACTION_KEYS)('%s: neither the requester nor its subject decides it', async (action) => {
    expect(hasApprovalExecutor(action)).toBe(true);
    const requester = await t.makeUser('manager', { branchId: branch });
    const subject = await t.makeUser('manager', { branchId: branch });
    const [row] = await t.db
      .insert(applog)
      .values({
        profile_id: branch,
        user_id: requester.id,
        kind: 'request',
        action,
        message: `Uji ${action}`,
        status: 0,
        entity: 'uji',
        entity_id: subject.id,
        subject_user_id: subject.id,
        payload: {},
        assignby: ['manager', 'superadmin'],
      })
      .returning();
    for (const who of [requester, subject]) {
      const res = await t.api(who).post(`/api/applog/doconfirm/${row.id}`, { status: 1 });
      expect(res.status).toBe(403);
      const rejected = await t.api(who).post(`/api/applog/doconfirm/${row.id}`, { status: -1, reason: 'x' });
      expect(rejected.status).toBe(403);
    }
    const [still] = await t.db.select().from(applog).where(eq(applog.id, row.id));
    expect(still).toMatchObject({ status: 0, decided_by: null });
    // The database refuses it too, whatever a service would do.
    await expect(
      t.db.update(applog).set({ status: -1, decided_by: subject.id }).where(eq(applog.id, row.id)),
    ).rejects.toThrow();
  });
});
