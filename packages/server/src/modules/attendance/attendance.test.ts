import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PAYROLL_SETTINGS } from '@klinik/shared';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { setEmployment } from '../../../test/pay-helpers.js';
import { queryRows } from '../../db/client.js';
import { attendShift, parseDeviceLog, shiftBounds } from './timeclock.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let mgr: TestUser;
let admin: TestUser;
let perawat: TestUser;
let mgrB: TestUser;
let hrA: TestUser;
let owner: TestUser;
let dayShift: number;
let nightShift: number;
let ani: TestUser;
let budi: TestUser;
let citra: TestUser;
let dedi: TestUser;

const TABLES = ['department', 'employee', 'shift', 'roster', 'office', 'checklog', 'audit_log'];
const DAY = '2026-10-05';

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang Absen A' });
  branchB = await t.makeBranch({ name: 'Cabang Absen B' });
  mgr = await t.makeUser('manager', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  mgrB = await t.makeUser('manager', { branchId: branchB });
  hrA = await t.makeUser('perawat', { branchId: branchA, toplevel: 'managerhr' });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  ani = await t.makeUser('perawat', { branchId: branchA, name: 'Ani Lestari' });
  budi = await t.makeUser('perawat', { branchId: branchA, name: 'Budi Santoso' });
  citra = await t.makeUser('admin', { branchId: branchA, name: 'Citra Dewi' });
  dedi = await t.makeUser('perawat', { branchId: branchA, name: 'Dedi Kurnia' });
});
afterAll(() => t.close());

describe('timeclock rules (pure)', () => {
  it('parses the three-column export and the ZKTeco attlog, refusing bad lines', () => {
    const ok = parseDeviceLog(
      'PIN,DateTime,State\n101,2026-10-05 08:00:00,0\n  102\t2026-10-05 17:01:02\t1\t1\t0\t0\n',
    );
    expect(ok.errors).toEqual([]);
    expect(ok.punches).toEqual([
      { line: 2, code: '101', date: '2026-10-05', time: '08:00:00', state: 0 },
      { line: 3, code: '102', date: '2026-10-05', time: '17:01:02', state: 1 },
    ]);
    const bad = parseDeviceLog('101,2026-13-05 08:00,0\n102,kemarin,0\n103,2026-10-05 08:00,9');
    expect(bad.errors.map((e) => e.line)).toEqual([1, 2, 3]);
  });

  it('an overnight shift takes the punch after midnight as its check-out', () => {
    const s = { start_time: '22:00', end_time: '06:00', crosses_midnight: true, late_tolerance: 0, break_minutes: 0 };
    const b = shiftBounds(DAY, s, 'Asia/Jakarta');
    expect(new Date(b.start).toISOString()).toBe('2026-10-05T15:00:00.000Z');
    expect(new Date(b.end).toISOString()).toBe('2026-10-05T23:00:00.000Z');
    const a = attendShift(b, s, [
      { at: Date.parse('2026-10-05T14:55:00Z'), state: 0 },
      { at: Date.parse('2026-10-05T23:02:00Z'), state: 1 },
    ]);
    expect(a).toMatchObject({ late_minutes: 0, missing_checkout: false });
    expect(new Date(a.check_out!).toISOString()).toBe('2026-10-05T23:02:00.000Z');
  });
});

describe('departments, employees, shifts', () => {
  it('creates a department and sets employment data; salaries stay in the branch', async () => {
    const dep = await t.api(mgr).post('/api/attendance/departments', { name: 'Perawat' });
    expect(dep.status).toBe(201);
    const dup = await t.api(mgr).post('/api/attendance/departments', { name: 'perawat' });
    expect(dup.status).toBe(409);
    // Salary and bank wait for a second person (issue 25): the owner approves the manager's proposal.
    const saved = await setEmployment(t, mgr, owner, ani.id, {
      department_id: dep.body.data.id,
      position: 'Perawat',
      join_date: '2024-01-02',
      employment: 'tetap',
      ptkp: 'K/1',
      npwp: '01.234.567.8-901.000',
      nik: '3171234567890001',
      bpjs_kesehatan: '0001234567890',
      bpjs_ketenagakerjaan: '12345678901',
      bank_name: 'BCA',
      bank_account: '1234567890',
      bank_holder: 'Ani Lestari',
      base_salary: 6_500_000,
      attendance_code: '101',
    });
    expect(saved).toMatchObject({
      department: 'Perawat',
      ptkp: 'K/1',
      npwp: '012345678901000',
      base_salary: 6_500_000,
      bank_account: '1234567890',
      attendance_code: '101',
      pending_pay_change: null,
    });
    // The front desk keeps attendance data but neither sees nor sets salaries.
    for (const [u, code] of [
      [budi, '102'],
      [citra, '103'],
      [dedi, '104'],
    ] as const) {
      const r = await t.api(admin).put(`/api/attendance/employees/${u.id}`, {
        employment: 'tetap',
        ptkp: 'TK/0',
        attendance_code: code,
      });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ base_salary: null, bank_account: null, can_change_pay: false });
      await setEmployment(t, mgr, owner, u.id, {
        employment: 'tetap',
        ptkp: 'TK/0',
        attendance_code: code,
        base_salary: 5_000_000,
      });
    }
    const list = await t.api(mgr).get('/api/attendance/employees?keyword=ani');
    expect(list.body.data.map((e: { id: number }) => e.id)).toEqual([ani.id]);
  });

  it('another branch cannot read or change the salaries (404), not even with isallbranch', async () => {
    const before = await countRows(t.db, ...TABLES);
    expect((await t.api(mgrB).get(`/api/attendance/employees/${ani.id}`)).status).toBe(404);
    const put = await t.api(mgrB).put(`/api/attendance/employees/${ani.id}`, {
      employment: 'tetap',
      ptkp: 'TK/0',
      base_salary: 1,
    });
    expect(put.status).toBe(404);
    const list = await t.api(mgrB).get('/api/attendance/employees?isallbranch=1');
    expect(list.body.data.find((e: { id: number }) => e.id === ani.id)).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain('6500000');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    // the owner sees every branch
    const all = await t.api(owner).get('/api/attendance/employees?isallbranch=1');
    expect(all.body.data.some((e: { id: number }) => e.id === ani.id)).toBe(true);
  });

  it('HR (manager HR) of branch A sees A salaries only', async () => {
    const mine = await t.api(hrA).get('/api/attendance/employees');
    expect(mine.status).toBe(200);
    expect(mine.body.data.find((e: { id: number }) => e.id === ani.id).base_salary).toBe(6_500_000);
    const bUser = await t.makeUser('perawat', { branchId: branchB, name: 'Orang B' });
    expect((await t.api(hrA).get(`/api/attendance/employees/${bUser.id}`)).status).toBe(404);
    const all = await t.api(hrA).get('/api/attendance/employees?isallbranch=1');
    expect(all.body.data.every((e: { profile_id: number }) => e.profile_id === branchA)).toBe(true);
  });

  it('bad employment data: 400 in Indonesian per field, nothing written', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(mgr).put(`/api/attendance/employees/${ani.id}`, {
      employment: 'magang',
      ptkp: 'K/9',
      npwp: '123',
      base_salary: -1,
      join_date: '2025-02-30',
    });
    expect(res.status).toBe(400);
    const fields = res.body.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['employment', 'ptkp', 'npwp', 'base_salary', 'join_date']));
    const taken = await t.api(mgr).put(`/api/attendance/employees/${budi.id}`, {
      employment: 'tetap',
      ptkp: 'TK/0',
      base_salary: 1,
      attendance_code: '101',
    });
    expect(taken.status).toBe(409);
    expect(taken.body[0].message).toBe('Kode absensi 101 sudah dipakai Ani Lestari');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('a perawat may not manage attendance (403)', async () => {
    expect((await t.api(perawat).get('/api/attendance/employees')).status).toBe(403);
    expect(
      (await t.api(perawat).post('/api/attendance/shifts', { name: 'X', start_time: '08:00', end_time: '16:00' }))
        .status,
    ).toBe(403);
  });

  it('shifts: day and overnight, refusing an end before the start without the midnight flag', async () => {
    const d = await t.api(mgr).post('/api/attendance/shifts', {
      name: 'Pagi',
      start_time: '08:00',
      end_time: '16:00',
      break_minutes: 60,
      late_tolerance: 10,
    });
    expect(d.status).toBe(201);
    dayShift = d.body.data.id;
    const n = await t.api(mgr).post('/api/attendance/shifts', {
      name: 'Malam',
      start_time: '22:00',
      end_time: '06:00',
      crosses_midnight: true,
    });
    expect(n.status).toBe(201);
    nightShift = n.body.data.id;
    const bad = await t
      .api(mgr)
      .post('/api/attendance/shifts', { name: 'Salah', start_time: '22:00', end_time: '06:00' });
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toEqual({
      field: 'end_time',
      message: 'Jam selesai harus setelah jam mulai, atau tandai shift lewat tengah malam',
    });
    const badTime = await t
      .api(mgr)
      .post('/api/attendance/shifts', { name: 'Salah', start_time: '25:00', end_time: '06:00' });
    expect(badTime.status).toBe(400);
    expect(badTime.body[0].field).toBe('start_time');
  });
});

/** An import's answer names the import it recorded (checklog_import; punch-import.test.ts checks the row). */
const IMPORTED = { import_id: expect.any(Number) };

describe('roster, device log, daily attendance', () => {
  it('rosters a week and copies it', async () => {
    const items = [
      { employee: ani.id, date: DAY, shift: dayShift },
      { employee: budi.id, date: DAY, shift: nightShift },
      { employee: budi.id, date: '2026-10-06', shift: nightShift },
      { employee: citra.id, date: DAY, shift: dayShift },
      { employee: dedi.id, date: DAY, shift: dayShift },
    ];
    const res = await t.api(mgr).put('/api/attendance/roster', { items });
    expect(res.status).toBe(200);
    const copy = await t.api(mgr).post('/api/attendance/roster/copy', { from: DAY, to: '2026-10-12' });
    expect(copy.body.data.copied).toBe(5);
    const week2 = await t.api(mgr).get('/api/attendance/roster?from=2026-10-12&to=2026-10-18');
    expect(week2.body.data).toHaveLength(5);
    const other = await t
      .api(mgrB)
      .put('/api/attendance/roster', { items: [{ employee: ani.id, date: DAY, shift: dayShift }] });
    expect(other.status).toBe(400);
  });

  const LOG = [
    '101,2026-10-05 08:25:00,0',
    '101,2026-10-05 16:05:00,1',
    '102\t2026-10-05 21:55:00\t1\t0\t0\t0',
    '102\t2026-10-06 06:02:00\t1\t1\t0\t0',
    '103,2026-10-05 07:58:00,0',
    '999,2026-10-05 08:00:00,0',
  ].join('\n');

  it('imports a device log once: the second import adds nothing, unknown codes are listed and kept', async () => {
    // Imports are for top-level users, within the branch's age limit (issue 25 finding 7; punch-import.test.ts):
    // these imports run three days after the log's days, until the bad-line test below.
    t.setNow('2026-10-08T03:00:00Z');
    const first = await t.api(hrA).post('/api/attendance/checklog/import', LOG, { 'content-type': 'text/plain' });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ ...IMPORTED, imported: 6, duplicates: 0, unknown_codes: ['999'] });
    const again = await t.api(hrA).post('/api/attendance/checklog/import', LOG, { 'content-type': 'text/plain' });
    expect(again.body.data).toEqual({ ...IMPORTED, imported: 0, duplicates: 6, unknown_codes: ['999'] });
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from checklog where attendance_code = '999'`,
    );
    expect(Number(n.n)).toBe(1);
  });

  it('imports a multipart file too', async () => {
    const boundary = '----klinik';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="attlog.dat"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n104,2026-10-05 08:05:00,0\n104,2026-10-05 16:00:00,1\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/attendance/checklog/import',
      headers: { cookie: hrA.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).data).toEqual({ ...IMPORTED, imported: 2, duplicates: 0, unknown_codes: [] });
  });

  it('a log with a bad line is refused whole (400, nothing written)', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(hrA).post('/api/attendance/checklog/import', '101,2026-10-07 08:00:00,0\n101,besok,0', {
      'content-type': 'text/plain',
    });
    expect(res.status).toBe(400);
    expect(res.body[0].message).toMatch(/^Baris 2: tanggal dan jam tidak valid/);
    expect(
      (await t.api(hrA).post('/api/attendance/checklog/import', '', { 'content-type': 'text/plain' })).status,
    ).toBe(400);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    t.setNow(null);
  });

  it('daily: late minutes, the overnight punch after midnight, a missing check-out, an absence', async () => {
    const res = await t.api(mgr).get(`/api/attendance/daily?date=${DAY}`);
    expect(res.status).toBe(200);
    const row = (id: number) => res.body.data.find((r: { employee: number }) => r.employee === id);
    expect(row(ani.id)).toMatchObject({
      name: 'Ani Lestari',
      shift: 'Pagi',
      check_in: '2026-10-05T08:25:00+07:00',
      check_out: '2026-10-05T16:05:00+07:00',
      status: 'terlambat',
      late_minutes: 25,
    });
    expect(row(budi.id)).toMatchObject({
      shift: 'Malam',
      check_in: '2026-10-05T21:55:00+07:00',
      check_out: '2026-10-06T06:02:00+07:00',
      status: 'hadir',
      late_minutes: 0,
      missing_checkout: false,
    });
    expect(row(citra.id)).toMatchObject({
      check_in: '2026-10-05T07:58:00+07:00',
      check_out: null,
      status: 'belum_pulang',
      missing_checkout: true,
    });
    expect(row(dedi.id)).toMatchObject({ status: 'hadir', late_minutes: 0 }); // 08:05 within the 10-minute tolerance
    expect(row(mgr.id)).toMatchObject({ status: 'libur', shift: null });
    // the next day the night worker's 06:02 punch is not a check-in
    const next = await t.api(mgr).get('/api/attendance/daily?date=2026-10-06');
    expect(next.body.data.find((r: { employee: number }) => r.employee === budi.id)).toMatchObject({
      check_in: null,
      status: 'tidak_hadir',
    });
    const bad = await t.api(mgr).get('/api/attendance/daily?date=2026-02-30');
    expect(bad.status).toBe(400);
    expect((await t.api(perawat).get(`/api/attendance/daily?date=${DAY}`)).status).toBe(403);
    const otherBranch = await t.api(mgrB).get(`/api/attendance/daily?date=${DAY}`);
    expect(otherBranch.body.data.find((r: { employee: number }) => r.employee === ani.id)).toBeUndefined();
  });
});

describe('web check-in', () => {
  it('without an office anyone checks in with the server time; with an office only inside its radius', async () => {
    const meFree = await t.api(perawat).get('/api/attendance/me');
    expect(meFree.status).toBe(200);
    expect(meFree.body.data.location_required).toBe(false);
    expect(meFree.body.data.server_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const free = await t.api(perawat).post('/api/attendance/checkin', {});
    expect(free.status).toBe(201);
    expect(free.body.data.state).toBe(0);
    const meIn = await t.api(perawat).get('/api/attendance/me');
    expect(meIn.body.data.row.check_in).not.toBeNull();
    const office = await t.api(owner).post('/api/attendance/offices', {
      name: 'Kantor A',
      latitude: -6.2,
      longitude: 106.816666,
      radius: 100,
    });
    expect(office.status).toBe(201);
    expect((await t.api(perawat).get('/api/attendance/me')).body.data.location_required).toBe(true);
    expect((await t.api(mgr).post('/api/attendance/offices', { name: 'X', latitude: 0, longitude: 0 })).status).toBe(
      403,
    );
    const before = await countRows(t.db, ...TABLES);
    const none = await t.api(perawat).post('/api/attendance/checkout', {});
    expect(none.status).toBe(400);
    expect(none.body[0]).toEqual({
      field: 'latitude',
      message: 'Lokasi wajib diisi: cabang ini mewajibkan absen dari kantor',
    });
    const far = await t.api(perawat).post('/api/attendance/checkout', { latitude: -6.21, longitude: 106.816666 });
    expect(far.status).toBe(400);
    expect(far.body[0].message).toMatch(/di luar radius kantor/);
    const half = await t.api(perawat).post('/api/attendance/checkout', { latitude: -6.2 });
    expect(half.status).toBe(400);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    const near = await t.api(perawat).post('/api/attendance/checkout', { latitude: -6.2003, longitude: 106.8167 });
    expect(near.status).toBe(201);
    expect(near.body.data).toMatchObject({ state: 1, office: 'Kantor A' });
    expect((await t.api(null).post('/api/attendance/checkin', {})).status).toBe(401);
  });

  it('the backoffice checklog lists raw punches; the owner across branches', async () => {
    const res = await t.api(owner).get(`/api/attendance/checklog?from=${DAY}&to=2026-10-06&isallbranch=1`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(8);
    expect(
      res.body.data.some(
        (r: { attendance_code: string; user_id: null }) => r.attendance_code === '999' && r.user_id === null,
      ),
    ).toBe(true);
    expect((await t.api(mgr).get(`/api/attendance/checklog?from=${DAY}&to=${DAY}`)).status).toBe(403);
  });

  it('punches are history: the database refuses to change or delete them', async () => {
    await expect(t.db.execute(sql`delete from checklog`)).rejects.toThrow();
    await expect(t.db.execute(sql`update checklog set state = 1`)).rejects.toThrow();
  });

  it('the migration seeds the dated BPJS settings the engine ships', async () => {
    const rows = await queryRows<{ key: string; berlaku_mulai: string; value: string }>(
      t.db,
      sql`select key, berlaku_mulai::text, value from payroll_setting order by key, berlaku_mulai`,
    );
    const want = [...DEFAULT_PAYROLL_SETTINGS]
      .map((s) => ({ key: s.key, berlaku_mulai: s.from, value: s.value }))
      .sort((a, b) => (a.key + a.berlaku_mulai).localeCompare(b.key + b.berlaku_mulai));
    expect(rows.map((r) => ({ ...r, value: Number(r.value) }))).toEqual(want);
  });
});

describe('leave, sick and permitted absence', () => {
  it('a manager records sakit with the reason; the daily page shows it; cancelled entries stay', async () => {
    const tables = ['attendance_leave', 'audit_log'];
    const before = await countRows(t.db, ...tables);
    const bad = await t
      .api(mgr)
      .post('/api/attendance/leave', { employee: budi.id, date: '2026-10-06', kind: 'libur' });
    expect(bad.status).toBe(400);
    expect(bad.body.map((e: { field: string }) => e.field).sort()).toEqual(['kind', 'reason']);
    expect(bad.body.find((e: { field: string }) => e.field === 'reason').message).toBe('Alasan wajib diisi');
    const foreign = await t
      .api(mgrB)
      .post('/api/attendance/leave', { employee: budi.id, date: '2026-10-06', kind: 'sakit', reason: 'Demam' });
    expect(foreign.status).toBe(400);
    expect(foreign.body[0]).toEqual({ field: 'employee', message: 'Pegawai tidak ditemukan' });
    expect(
      (
        await t
          .api(perawat)
          .post('/api/attendance/leave', { employee: budi.id, date: '2026-10-06', kind: 'sakit', reason: 'Demam' })
      ).status,
    ).toBe(403);
    // Issue 25 finding 8: at most a year ahead.
    const far = await t
      .api(mgr)
      .post('/api/attendance/leave', { employee: budi.id, date: '2099-01-05', kind: 'cuti', reason: 'Liburan' });
    expect(far.status).toBe(400);
    expect(far.body).toEqual([{ field: 'date', message: 'Tanggal cuti paling jauh 1 tahun (365 hari) ke depan' }]);
    expect(await countRows(t.db, ...tables)).toEqual(before);

    const ok = await t.api(mgr).post('/api/attendance/leave', {
      employee: budi.id,
      date: '2026-10-06',
      kind: 'sakit',
      reason: 'Demam, surat dokter',
    });
    expect(ok.status).toBe(201);
    const again = await t
      .api(admin)
      .post('/api/attendance/leave', { employee: budi.id, date: '2026-10-06', kind: 'cuti', reason: 'Cuti tahunan' });
    expect(again.status).toBe(409);
    const day = await t.api(mgr).get('/api/attendance/daily?date=2026-10-06');
    expect(day.body.data.find((r: { employee: number }) => r.employee === budi.id)).toMatchObject({
      status: 'sakit',
      leave: { id: ok.body.data.id, kind: 'sakit', reason: 'Demam, surat dokter' },
    });
    // A punch still shows presence: Ani checked in on DAY, her izin is listed but she is 'terlambat'.
    await t
      .api(mgr)
      .post('/api/attendance/leave', { employee: ani.id, date: DAY, kind: 'izin', reason: 'Izin pulang' });
    const d = await t.api(mgr).get(`/api/attendance/daily?date=${DAY}`);
    expect(d.body.data.find((r: { employee: number }) => r.employee === ani.id)).toMatchObject({
      status: 'terlambat',
      leave: { kind: 'izin' },
    });
    const list = await t.api(mgr).get(`/api/attendance/leave?from=${DAY}&to=2026-10-06`);
    expect(list.body.data.map((l: { name: string; kind: string }) => [l.name, l.kind])).toEqual([
      ['Ani Lestari', 'izin'],
      ['Budi Santoso', 'sakit'],
    ]);

    expect((await t.api(mgrB).post(`/api/attendance/leave/${ok.body.data.id}/cancel`)).status).toBe(404);
    const cancel = await t.api(mgr).post(`/api/attendance/leave/${ok.body.data.id}/cancel`);
    expect(cancel.status).toBe(200);
    expect((await t.api(mgr).post(`/api/attendance/leave/${ok.body.data.id}/cancel`)).status).toBe(409);
    const after = await t.api(mgr).get('/api/attendance/daily?date=2026-10-06');
    expect(after.body.data.find((r: { employee: number }) => r.employee === budi.id)).toMatchObject({
      status: 'tidak_hadir',
      leave: null,
    });
    // Cancelled, not deleted; a new entry may replace it.
    const [kept] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from attendance_leave where status = 0`,
    );
    expect(kept.n).toBe(1);
    await expect(t.db.execute(sql`delete from attendance_leave`)).rejects.toThrow();
    const replaced = await t
      .api(mgr)
      .post('/api/attendance/leave', { employee: budi.id, date: '2026-10-06', kind: 'cuti', reason: 'Cuti tahunan' });
    expect(replaced.status).toBe(201);
  });
});
