/**
 * A manager's correction of an employee's day through the approval engine (issue 15): proposed with a reason
 * (202, pending), carried out only when another approver approves it; the punches stay; the daily view shows the
 * corrected day with a marker and the reason. Rejected: nothing changes. Another branch's employee: 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let mgr: TestUser;
let admin: TestUser;
let mgrB: TestUser;
let approver: TestUser;
let ani: TestUser;
let other: TestUser;
const DAY = '2026-10-05';

async function dayOf(u: TestUser) {
  const res = await t.api(mgr).get(`/api/attendance/daily?date=${DAY}`);
  expect(res.status).toBe(200);
  return res.body.data.find((r: { employee: number }) => r.employee === u.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.makeBranch({ name: 'Cabang Koreksi Absen A' });
  const b = await t.makeBranch({ name: 'Cabang Koreksi Absen B' });
  mgr = await t.makeUser('manager', { branchId: a });
  admin = await t.makeUser('admin', { branchId: a });
  approver = await t.makeUser('superadmin', { branchId: a });
  mgrB = await t.makeUser('manager', { branchId: b });
  ani = await t.makeUser('perawat', { branchId: a, name: 'Ani Koreksi Absen' });
  other = await t.makeUser('perawat', { branchId: b, name: 'Orang Cabang Lain' });
  const s = await t.api(mgr).post('/api/attendance/shifts', {
    name: 'Pagi',
    start_time: '08:00',
    end_time: '16:00',
    late_tolerance: 10,
  });
  expect(s.status).toBe(201);
  expect(
    (
      await t
        .api(mgr)
        .put('/api/attendance/roster', { items: [{ employee: ani.id, date: DAY, shift: s.body.data.id }] })
    ).status,
  ).toBe(200);
  expect(
    (
      await t.api(mgr).put(`/api/attendance/employees/${ani.id}`, {
        attendance_code: '501',
        employment: 'tetap',
        ptkp: 'TK/0',
        base_salary: 5_000_000,
      })
    ).status,
  ).toBe(200);
  // Ani came at 08:40 (late 40) and forgot to check out.
  // Imported the next day by a top-level user (imports: issue 25 finding 7).
  const hr = await t.makeUser('manager', { branchId: a, toplevel: 'managerhr' });
  t.setNow('2026-10-06T03:00:00Z');
  const imp = await t
    .api(hr)
    .post('/api/attendance/checklog/import', '501,2026-10-05 08:40:00,0', { 'content-type': 'text/plain' });
  t.setNow(null);
  expect(imp.status).toBe(200);
});
afterAll(() => t.close());

describe('daily attendance corrections', () => {
  it('proposal -> 202 pending -> approved: the day shows the corrected times with the reason; punches kept', async () => {
    const before = await dayOf(ani);
    expect(before).toMatchObject({ status: 'belum_pulang', late_minutes: 40, correction: null });
    const res = await t.api(mgr).post('/api/attendance/daily/correction', {
      employee: ani.id,
      date: DAY,
      check_in: '08:00',
      check_out: '16:00',
      reason: 'Mesin absen rusak pagi itu',
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ pending: true });
    // Pending: nothing changed yet, but the day says a correction waits, with what and why.
    const waiting = await dayOf(ani);
    expect(waiting.correction).toBeNull();
    expect(waiting.status).toBe('belum_pulang');
    expect(waiting.pending_correction).toMatchObject({
      applog_id: res.body.data.applog_id,
      check_in: '08:00',
      check_out: '16:00',
      reason: 'Mesin absen rusak pagi itu',
    });
    // The proposer cannot approve their own request.
    expect((await t.api(mgr).post(`/api/applog/doconfirm/${res.body.data.applog_id}`, { status: 1 })).status).toBe(403);
    const ok = await t.api(approver).post(`/api/applog/doconfirm/${res.body.data.applog_id}`, { status: 1 });
    expect(ok.status).toBe(200);
    const after = await dayOf(ani);
    expect(after).toMatchObject({
      status: 'hadir',
      late_minutes: 0,
      missing_checkout: false,
      check_in: '2026-10-05T08:00:00+07:00',
      check_out: '2026-10-05T16:00:00+07:00',
    });
    expect(after.correction).toMatchObject({
      reason: 'Mesin absen rusak pagi itu',
      original: { status: 'belum_pulang', check_in: '2026-10-05T08:40:00+07:00' },
    });
    const punches = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from checklog where attendance_code = '501'`,
    );
    expect(Number(punches[0].n)).toBe(1);
    await expect(t.db.execute(sql`delete from attendance_correction`)).rejects.toThrow();
  });

  it('rejected: unchanged', async () => {
    const res = await t.api(admin).post('/api/attendance/daily/correction', {
      employee: ani.id,
      date: DAY,
      status: 'sakit',
      reason: 'Salah catat',
    });
    expect(res.status).toBe(202);
    const rej = await t
      .api(approver)
      .post(`/api/applog/doconfirm/${res.body.data.applog_id}`, { status: -1, reason: 'Tidak benar' });
    expect(rej.status).toBe(200);
    expect(await dayOf(ani)).toMatchObject({
      status: 'hadir',
      check_in: '2026-10-05T08:00:00+07:00',
      pending_correction: null,
    });
  });

  it("another branch's employee 404; no reason 400 next to the field; nothing written", async () => {
    const before = await countRows(t.db, 'applog', 'attendance_correction');
    const foreign = await t.api(mgr).post('/api/attendance/daily/correction', {
      employee: other.id,
      date: DAY,
      check_in: '08:00',
      reason: 'Coba',
    });
    expect(foreign.status).toBe(404);
    const foreignB = await t.api(mgrB).post('/api/attendance/daily/correction', {
      employee: ani.id,
      date: DAY,
      check_in: '08:00',
      reason: 'Coba lagi',
    });
    expect(foreignB.status).toBe(404);
    const noReason = await t
      .api(mgr)
      .post('/api/attendance/daily/correction', { employee: ani.id, date: DAY, check_in: '08:00' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual([{ field: 'reason', message: 'Alasan koreksi wajib diisi' }]);
    const nothing = await t
      .api(mgr)
      .post('/api/attendance/daily/correction', { employee: ani.id, date: DAY, reason: 'Tanpa isi' });
    expect(nothing.status).toBe(400);
    expect(nothing.body[0].field).toBe('check_in');
    expect(await countRows(t.db, 'applog', 'attendance_correction')).toEqual(before);
  });
});
