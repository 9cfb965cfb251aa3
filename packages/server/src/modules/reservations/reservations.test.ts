/**
 * Doctors master, reservations and reminders (issue 11 items 1, 2, 6) through REST: allowed calls, 400 next to the
 * field with nothing written, 403 for another role, 404 for another branch's row; slots from the schedule, past /
 * closed / outside-schedule refused, reschedule moving the count, cancel freeing a place, reminders with wa.me links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { reservation, reservationSlot, visit } from '../../db/schema/index.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let manager: TestUser;
let admin: TestUser;
let adminB: TestUser;
let perawat: TestUser;
let dokter: TestUser;
let doctorA: number;
let doctorB: number;
let patientA: number;
let patientB: number;
let booked: number;

// Monday 23 November 2026, 09:10 in Jakarta (WIB, UTC+7).
const NOW = '2026-11-23T02:10:00Z';
const TODAY = '2026-11-23';
const TOMORROW = '2026-11-24';
const TABLES = ['reservation', 'reservation_slot', 'doctor_practice', 'doctor_schedule', 'schedule_closed', 'users'];

async function slotRow(doctor: number, date: string, time: string) {
  const [row] = await t.db
    .select()
    .from(reservationSlot)
    .where(and(eq(reservationSlot.doctor_id, doctor), eq(reservationSlot.date, date), eq(reservationSlot.time, time)));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  branchA = await t.makeBranch({ name: 'Klinik Sehat Jakarta' });
  branchB = await t.makeBranch({ name: 'Klinik Bandung' });
  manager = await t.makeUser('manager', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA });
  adminB = await t.makeUser('admin', { branchId: branchB });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  dokter = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Andi Saputra' });
  doctorA = dokter.id;
  doctorB = (await t.makeUser('dokter', { branchId: branchB, name: 'dr. Budi Bandung' })).id;
  patientA = await t.makePatient(branchA, { name: 'Siti Aminah', phone: '081234567890' });
  patientB = await t.makePatient(branchB, { name: 'Pasien Bandung' });
});
afterAll(() => t.close());

describe('doctors master', () => {
  it('adds a practice and weekly schedule; refuses bad input next to the field with nothing written', async () => {
    const before = await countRows(t.db, ...TABLES);
    const bad = await t.api(admin).post('/api/service/doctor', { doctor_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.some((e: { field: string }) => e.field === 'doctor_id')).toBe(true);
    const notDoctor = await t.api(admin).post('/api/service/doctor', { doctor_id: patientA });
    expect(notDoctor.status).toBe(400);
    expect(notDoctor.body[0]).toMatchObject({ field: 'doctor_id', message: 'Dokter tidak ditemukan' });
    const badSchedule = await t.api(admin).post('/api/service/doctorschedule', {
      doctor_id: doctorA,
      day_of_week: 1,
      start_time: '12:00',
      end_time: '09:00',
    });
    expect(badSchedule.status).toBe(400);
    expect(badSchedule.body[0].field).toBe('end_time');
    // Not yet practising here: a schedule for the doctor is refused on the field.
    const notPractising = await t.api(admin).post('/api/service/doctorschedule', {
      doctor_id: doctorA,
      day_of_week: 1,
      start_time: '09:00',
      end_time: '12:00',
    });
    expect(notPractising.status).toBe(400);
    expect(notPractising.body[0].field).toBe('doctor_id');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);

    const p = await t
      .api(admin)
      .post('/api/service/doctor', { doctor_id: doctorA, sip_number: 'SIP/001', specialization: 'Kulit' });
    expect(p.status).toBe(201);
    expect(p.body.data).toMatchObject({ doctor_id: doctorA, profile_id: branchA, sip_number: 'SIP/001' });
    const again = await t.api(admin).post('/api/service/doctor', { doctor_id: doctorA });
    expect(again.status).toBe(409);
    for (let day = 1; day <= 6; day++) {
      const s = await t.api(manager).post('/api/service/doctorschedule', {
        doctor_id: doctorA,
        day_of_week: day,
        start_time: '09:00',
        end_time: '12:00',
        slot_minutes: 30,
      });
      expect(s.status).toBe(201);
      expect(s.body.data.capacity).toBe(4);
    }
    const overlap = await t.api(manager).post('/api/service/doctorschedule', {
      doctor_id: doctorA,
      day_of_week: 1,
      start_time: '11:00',
      end_time: '13:00',
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body[0].field).toBe('start_time');
    const list = await t.api(admin).get('/api/service/doctor');
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { doctor_id: number }) => r.doctor_id)).toEqual([doctorA]);
    const schedules = await t.api(admin).get(`/api/service/doctorschedule?doctor=${doctorA}`);
    expect(schedules.body.data).toHaveLength(6);
  });

  it('lets a manager of another branch add a doctor of branch A to their practice (a doctor in several branches)', async () => {
    const managerB = await t.makeUser('manager', { branchId: branchB });
    const candidates = await t.api(managerB).get('/api/service/doctor/candidates?keyword=andi');
    expect(candidates.body.data.map((d: { id: number }) => d.id)).toContain(doctorA);
    const p = await t.api(managerB).post('/api/service/doctor', { doctor_id: doctorA, specialization: 'Kulit' });
    expect(p.status).toBe(201);
    expect(p.body.data.profile_id).toBe(branchB);
    const pB = await t.api(managerB).post('/api/service/doctor', { doctor_id: doctorB });
    expect(pB.status).toBe(201);
    const s = await t.api(managerB).post('/api/service/doctorschedule', {
      doctor_id: doctorB,
      day_of_week: 1,
      start_time: '09:00',
      end_time: '12:00',
    });
    expect(s.status).toBe(201);
    // Branch A's schedule is not branch B's: A's list still has its one doctor.
    const listA = await t.api(admin).get('/api/service/doctor');
    expect(listA.body.count).toBe(1);
  });

  it('refuses other roles (403) and other branches (404)', async () => {
    expect((await t.api(perawat).get('/api/service/doctor')).status).toBe(403);
    expect((await t.api(dokter).post('/api/service/doctor', { doctor_id: doctorA })).status).toBe(403);
    expect((await t.api(admin).get('/api/dashboard/stakeholder/doctor')).status).toBe(403);
    const [practiceB] = (await t.api(adminB).get('/api/service/doctor')).body.data;
    const put = await t.api(admin).put(`/api/service/doctor/${practiceB.id}`, { doctor_id: practiceB.doctor_id });
    expect(put.status).toBe(404);
  });

  it('lists doctors and employees for the manager with search and Excel', async () => {
    const doctors = await t.api(manager).get('/api/dashboard/stakeholder/doctor?keyword=andi');
    expect(doctors.status).toBe(200);
    expect(doctors.body.data.map((d: { id: number }) => d.id)).toEqual([doctorA]);
    expect(doctors.body.data[0].sip_number).toContain('SIP/001');
    const staff = await t.api(manager).get('/api/dashboard/stakeholder/pegawai');
    const ids = staff.body.data.map((d: { id: number }) => d.id);
    expect(ids).toContain(admin.id);
    expect(ids).not.toContain(doctorA);
    expect(ids).not.toContain(adminB.id);
    const x = await t.api(manager).get('/api/dashboard/stakeholder/export?type=pegawai');
    expect(x.status).toBe(200);
    expect(String(x.headers['content-type'])).toContain('spreadsheetml');
  });
});

describe('slots and reservations', () => {
  it("finds a doctor's slots with capacity and availability (past slots unavailable)", async () => {
    const r = await t.api(admin).get(`/api/service/registration/finddoctorschedule?date=${TODAY}&doctor=${doctorA}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(6);
    expect(r.body.data[0]).toEqual({ time: '09:00', end: '09:30', capacity: 4, booked: 0, available: false });
    expect(r.body.data[1]).toEqual({ time: '09:30', end: '10:00', capacity: 4, booked: 0, available: true });
    const sunday = await t
      .api(admin)
      .get(`/api/service/registration/finddoctorschedule?date=2026-11-29&doctor=${doctorA}`);
    expect(sunday.body.data).toEqual([]);
    const bad = await t
      .api(admin)
      .get(`/api/service/registration/finddoctorschedule?date=23-11-2026&doctor=${doctorA}`);
    expect(bad.status).toBe(400);
    expect(bad.body[0].field).toBe('date');
    const other = await t
      .api(admin)
      .get(`/api/service/registration/finddoctorschedule?date=${TODAY}&doctor=${doctorB}`);
    expect(other.status).toBe(400);
    expect(other.body[0].field).toBe('doctor');
  });

  it('searches doctors practising here and patients of this branch only', async () => {
    const d = await t.api(admin).get('/api/service/registration/searchdoctor?keyword=');
    expect(d.body.data.map((x: { id: number }) => x.id)).toEqual([doctorA]);
    const c = await t.api(admin).get('/api/service/registration/searchcustomer?keyword=siti');
    expect(c.body.data.map((x: { id: number }) => x.id)).toEqual([patientA]);
    const none = await t.api(admin).get('/api/service/registration/searchcustomer?keyword=bandung');
    expect(none.body.data).toEqual([]);
  });

  it('books into a slot (201, code from the numbering service) and counts it in reservation_slot', async () => {
    const r = await t.api(admin).post('/api/service/reservation', {
      customer: patientA,
      doctor: doctorA,
      date: TOMORROW,
      time: '10:00',
      note: 'Kontrol jerawat',
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      customer: patientA,
      doctor: doctorA,
      date: TOMORROW,
      time: '10:00',
      status: 'booked',
    });
    expect(r.body.data.code).toMatch(/^RSV\/\d+\/202611\/0001$/);
    booked = r.body.data.id;
    expect((await slotRow(doctorA, TOMORROW, '10:00:00')).booked).toBe(1);
    const s = await t.api(admin).get(`/api/service/registration/finddoctorschedule?date=${TOMORROW}&doctor=${doctorA}`);
    expect(s.body.data.find((x: { time: string }) => x.time === '10:00')).toMatchObject({ booked: 1, available: true });
  });

  it('refuses past, outside-schedule, closed and other-branch bookings with nothing written', async () => {
    const before = await countRows(t.db, ...TABLES);
    const post = (body: object) =>
      t.api(admin).post('/api/service/reservation', {
        customer: patientA,
        doctor: doctorA,
        date: TOMORROW,
        time: '09:00',
        ...body,
      });
    const past = await post({ date: TODAY, time: '09:00' });
    expect(past.status).toBe(400);
    expect(past.body[0]).toEqual({ field: 'time', message: 'Slot ini sudah lewat' });
    const yesterday = await post({ date: '2026-11-22' });
    expect(yesterday.status).toBe(400);
    expect(yesterday.body[0].field).toBe('date');
    // Issue 25 finding 8: at most a year ahead.
    const far = await post({ date: '2099-01-05' });
    expect(far.status).toBe(400);
    expect(far.body).toEqual([{ field: 'date', message: 'Reservasi paling jauh 1 tahun (365 hari) ke depan' }]);
    const outside = await post({ time: '13:00' });
    expect(outside.status).toBe(400);
    expect(outside.body[0]).toEqual({ field: 'time', message: 'Jam ini di luar jadwal praktik dokter' });
    const odd = await post({ time: '09:15' });
    expect(odd.status).toBe(400);
    const sunday = await post({ date: '2026-11-29' });
    expect(sunday.status).toBe(400);
    const patientOther = await post({ customer: patientB });
    expect(patientOther.status).toBe(400);
    expect(patientOther.body[0].field).toBe('customer');
    const doctorOther = await post({ doctor: doctorB });
    expect(doctorOther.status).toBe(400);
    expect(doctorOther.body[0].field).toBe('doctor');
    const staffAsPatient = await post({ customer: perawat.id });
    expect(staffAsPatient.status).toBe(400);
    const missing = await t
      .api(admin)
      .post('/api/service/reservation', { doctor: doctorA, date: TOMORROW, time: '09:00' });
    expect(missing.status).toBe(400);
    expect(missing.body[0].field).toBe('customer');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);

    const closed = await t
      .api(admin)
      .post('/api/service/scheduleclosed', { doctor_id: doctorA, date: '2026-11-25', reason: 'Seminar' });
    expect(closed.status).toBe(201);
    const onClosed = await post({ date: '2026-11-25' });
    expect(onClosed.status).toBe(400);
    expect(onClosed.body[0]).toEqual({ field: 'date', message: 'Dokter libur pada 25-11-2026 (Seminar)' });
    const branchClosed = await t
      .api(admin)
      .post('/api/service/scheduleclosed', { date: '2026-11-26', reason: 'Libur nasional' });
    expect(branchClosed.status).toBe(201);
    const onBranchClosed = await post({ date: '2026-11-26' });
    expect(onBranchClosed.body[0].message).toBe('Klinik tutup pada 26-11-2026 (Libur nasional)');
    const view = await t
      .api(admin)
      .get(`/api/service/registration/finddoctorschedule?date=2026-11-25&doctor=${doctorA}`);
    expect(view.body.closed).toBe('Seminar');
    expect(view.body.data.every((s: { available: boolean }) => !s.available)).toBe(true);
    expect((await t.api(admin).get('/api/service/reservation')).body.count).toBe(1);
  });

  it('fills a slot to 4 and answers the fifth 409 "sudah penuh"', async () => {
    const ps = await Promise.all([1, 2, 3, 4].map((i) => t.makePatient(branchA, { name: `Pasien Penuh ${i}` })));
    for (const p of ps.slice(0, 4)) {
      const r = await t
        .api(admin)
        .post('/api/service/reservation', { customer: p, doctor: doctorA, date: TOMORROW, time: '11:00' });
      expect(r.status).toBe(201);
    }
    const fifth = await t
      .api(admin)
      .post('/api/service/reservation', { customer: patientA, doctor: doctorA, date: TOMORROW, time: '11:00' });
    expect(fifth.status).toBe(409);
    expect(fifth.body[0].message).toBe('Slot dr. Andi Saputra 24-11-2026 11:00 sudah penuh');
    expect((await slotRow(doctorA, TOMORROW, '11:00:00')).booked).toBe(4);
    const view = await t
      .api(admin)
      .get(`/api/service/registration/finddoctorschedule?date=${TOMORROW}&doctor=${doctorA}`);
    expect(view.body.data.find((x: { time: string }) => x.time === '11:00')).toMatchObject({
      booked: 4,
      available: false,
    });
  });

  it('answers a retried POST with the same Idempotency-Key once', async () => {
    const body = { customer: patientA, doctor: doctorA, date: TOMORROW, time: '11:30' };
    const a = await t.api(admin).post('/api/service/reservation', body, { 'idempotency-key': 'resv-key-1' });
    const b = await t.api(admin).post('/api/service/reservation', body, { 'idempotency-key': 'resv-key-1' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.body.data.id).toBe(a.body.data.id);
    const other = await t
      .api(admin)
      .post('/api/service/reservation', { ...body, time: '10:30' }, { 'idempotency-key': 'resv-key-1' });
    expect(other.status).toBe(409);
    expect((await slotRow(doctorA, TOMORROW, '11:30:00')).booked).toBe(1);
  });

  it('reschedules (the count moves), cancels with a reason (a place frees) and marks no-show', async () => {
    const moved = await t.api(admin).put(`/api/service/reservation/${booked}`, { date: TOMORROW, time: '10:30' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ time: '10:30', status: 'booked' });
    expect((await slotRow(doctorA, TOMORROW, '10:00:00')).booked).toBe(0);
    expect((await slotRow(doctorA, TOMORROW, '10:30:00')).booked).toBe(1);
    const intoFull = await t.api(admin).put(`/api/service/reservation/${booked}`, { date: TOMORROW, time: '11:00' });
    expect(intoFull.status).toBe(409);
    expect(intoFull.body[0].message).toContain('sudah penuh');
    expect((await slotRow(doctorA, TOMORROW, '10:30:00')).booked).toBe(1);

    const noReason = await t.api(admin).put(`/api/service/reservation/${booked}`, { status: 'batal', reason: '' });
    expect(noReason.status).toBe(400);
    const early = await t.api(admin).put(`/api/service/reservation/${booked}`, { status: 'tidak_datang' });
    expect(early.status).toBe(400);
    expect(early.body[0].field).toBe('status');
    const [full] = await t.db
      .select()
      .from(reservation)
      .where(and(eq(reservation.date, TOMORROW), eq(reservation.time, '11:00:00')));
    const cancel = await t
      .api(admin)
      .put(`/api/service/reservation/${full.id}`, { status: 'batal', reason: 'Pasien sakit' });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: 'batal', cancel_reason: 'Pasien sakit' });
    expect((await slotRow(doctorA, TOMORROW, '11:00:00')).booked).toBe(3);
    const again = await t.api(admin).put(`/api/service/reservation/${full.id}`, { status: 'batal', reason: 'x' });
    expect(again.status).toBe(409);
    const refill = await t
      .api(admin)
      .post('/api/service/reservation', { customer: patientA, doctor: doctorA, date: TOMORROW, time: '11:00' });
    expect(refill.status).toBe(201);

    // No-show on the day: book today 11:30 and mark it.
    const todays = await t
      .api(admin)
      .post('/api/service/reservation', { customer: patientA, doctor: doctorA, date: TODAY, time: '11:30' });
    expect(todays.status).toBe(201);
    const ns = await t.api(admin).put(`/api/service/reservation/${todays.body.data.id}`, { status: 'tidak_datang' });
    expect(ns.status).toBe(200);
    expect(ns.body.data.status).toBe('tidak_datang');
  });

  it('deactivates a schedule block (its slots disappear) and lifts a closed date (slots return)', async () => {
    const sat = (await t.api(admin).get(`/api/service/doctorschedule?doctor=${doctorA}`)).body.data.find(
      (x: { day_of_week: number }) => x.day_of_week === 6,
    );
    const body = {
      doctor_id: doctorA,
      day_of_week: 6,
      start_time: '09:00',
      end_time: '12:00',
      slot_minutes: 30,
      capacity: 4,
    };
    const off = await t.api(manager).put(`/api/service/doctorschedule/${sat.id}`, { ...body, status: 0 });
    expect(off.status).toBe(200);
    const none = await t
      .api(admin)
      .get(`/api/service/registration/finddoctorschedule?date=2026-11-28&doctor=${doctorA}`);
    expect(none.body.data).toEqual([]);
    const on = await t
      .api(manager)
      .put(`/api/service/doctorschedule/${sat.id}`, { ...body, slot_minutes: 60, status: 1 });
    expect(on.status).toBe(200);
    const hourly = await t
      .api(admin)
      .get(`/api/service/registration/finddoctorschedule?date=2026-11-28&doctor=${doctorA}`);
    expect(hourly.body.data.map((x: { time: string }) => x.time)).toEqual(['09:00', '10:00', '11:00']);

    const past = await t.api(admin).post('/api/service/scheduleclosed', { date: '2026-11-20' });
    expect(past.status).toBe(400);
    expect(past.body[0].field).toBe('date');
    const closed = (await t.api(admin).get('/api/service/scheduleclosed')).body.data;
    const seminar = closed.find((c: { reason: string }) => c.reason === 'Seminar');
    expect((await t.api(admin).delete(`/api/service/scheduleclosed/${seminar.id}`)).status).toBe(200);
    const open = await t
      .api(admin)
      .get(`/api/service/registration/finddoctorschedule?date=2026-11-25&doctor=${doctorA}`);
    expect(open.body.closed).toBeNull();
    expect(open.body.data.some((x: { available: boolean }) => x.available)).toBe(true);
  });

  it('refuses other roles (403) and other branches (404) on reservations', async () => {
    expect((await t.api(perawat).get('/api/service/reservation')).status).toBe(403);
    expect(
      (
        await t
          .api(dokter)
          .post('/api/service/reservation', { customer: patientA, doctor: doctorA, date: TOMORROW, time: '09:30' })
      ).status,
    ).toBe(403);
    expect((await t.api(adminB).get(`/api/service/reservation/${booked}`)).status).toBe(404);
    const put = await t.api(adminB).put(`/api/service/reservation/${booked}`, { status: 'batal', reason: 'x' });
    expect(put.status).toBe(404);
    expect((await t.api(adminB).get('/api/service/reservation')).body.count).toBe(0);
  });

  it('lists with filters and exports Excel', async () => {
    const all = await t.api(admin).get('/api/service/reservation');
    expect(all.status).toBe(200);
    const batal = await t.api(admin).get('/api/service/reservation?status=batal');
    expect(batal.body.count).toBe(1);
    expect(batal.body.data[0].cancel_reason).toBe('Pasien sakit');
    const kw = await t
      .api(admin)
      .get(`/api/service/reservation?keyword=siti&from=${TOMORROW}&to=${TOMORROW}&doctor=${doctorA}`);
    expect(
      kw.body.data.every((r: { customer: number; date: string }) => r.customer === patientA && r.date === TOMORROW),
    ).toBe(true);
    expect(kw.body.count).toBeGreaterThan(0);
    const bad = await t.api(admin).get('/api/service/reservation?status=hilang');
    expect(bad.status).toBe(400);
    const x = await t.api(admin).get('/api/service/reservation/export?status=booked');
    expect(x.status).toBe(200);
    expect(String(x.headers['content-type'])).toContain('spreadsheetml');
  });
});

describe('reminders', () => {
  it("lists tomorrow's reservations and due follow-ups with a wa.me link and marks them reminded", async () => {
    const [v] = await t.db
      .insert(visit)
      .values({
        profile_id: branchA,
        code: 'KJ-TEST-1',
        visit_date: '2026-11-10',
        queue_number: 1,
        customer_id: patientA,
        doctor_id: doctorA,
        kind: 'konsultasi',
        status: 'selesai',
        follow_up_date: TOMORROW,
      })
      .returning();
    const r = await t.api(admin).get('/api/service/visitreminder');
    expect(r.status).toBe(200);
    expect(r.body.date).toBe(TOMORROW);
    const mine = r.body.data.find((x: { kind: string; id: number }) => x.kind === 'reservation' && x.id === booked);
    expect(mine.wa_link).toMatch(/^https:\/\/wa\.me\/6281234567890\?text=/);
    expect(decodeURIComponent(mine.wa_link.split('text=')[1])).toBe(
      'Halo Siti Aminah, kami dari Klinik Sehat Jakarta mengingatkan reservasi Anda dengan dr. Andi Saputra pada 24-11-2026 pukul 10:30. Mohon datang 15 menit lebih awal. Terima kasih.',
    );
    const fu = r.body.data.find((x: { kind: string }) => x.kind === 'followup');
    expect(fu).toMatchObject({ id: v.id, reminded_at: null });
    expect(fu.message).toContain('jadwal kontrol');
    expect(r.body.data.every((x: { kind: string; date: string }) => x.date === TOMORROW)).toBe(true);

    const m = await t.api(admin).post(`/api/service/visitreminder/reservation/${booked}`);
    expect(m.status).toBe(200);
    expect(m.body.data.reminded_at).toBeTruthy();
    const f = await t.api(admin).post(`/api/service/visitreminder/followup/${v.id}`);
    expect(f.status).toBe(200);
    const after = await t.api(admin).get('/api/service/visitreminder');
    expect(
      after.body.data.find((x: { kind: string; id: number }) => x.kind === 'reservation' && x.id === booked)
        .reminded_at,
    ).toBeTruthy();
    expect((await t.api(adminB).post(`/api/service/visitreminder/reservation/${booked}`)).status).toBe(404);
    expect((await t.api(adminB).post(`/api/service/visitreminder/followup/${v.id}`)).status).toBe(404);
    expect((await t.api(perawat).get('/api/service/visitreminder')).status).toBe(403);
  });
});
