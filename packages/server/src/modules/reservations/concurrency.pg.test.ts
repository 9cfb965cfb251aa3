/**
 * Ten people booking the last two places of a slot at the same moment, on PostgreSQL only (server-pg project):
 * PGlite has one connection, so the race can only be lost on a real server. The capacity is kept by the database
 * (reservation_slot_full_chk): exactly two bookings succeed, the other eight get 409 'Slot ... sudah penuh'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { reservation, reservationSlot } from '../../db/schema/index.js';

let t: TestApp;
let branch: number;
let admin: TestUser;
let doctor: number;
const DATE = '2026-11-24';

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-23T02:00:00Z');
  branch = await t.makeBranch({ name: 'Klinik Serentak' });
  admin = await t.makeUser('admin', { branchId: branch });
  const manager = await t.makeUser('manager', { branchId: branch });
  doctor = (await t.makeUser('dokter', { branchId: branch, name: 'dr. Serentak' })).id;
  expect((await t.api(manager).post('/api/service/doctor', { doctor_id: doctor })).status).toBe(201);
  const s = await t.api(manager).post('/api/service/doctorschedule', {
    doctor_id: doctor,
    day_of_week: 2,
    start_time: '09:00',
    end_time: '12:00',
    slot_minutes: 30,
    capacity: 4,
  });
  expect(s.status).toBe(201);
});
afterAll(() => t.close());

async function counts(time: string) {
  const [slot] = await t.db
    .select()
    .from(reservationSlot)
    .where(and(eq(reservationSlot.doctor_id, doctor), eq(reservationSlot.date, DATE), eq(reservationSlot.time, time)));
  const live = await t.db
    .select()
    .from(reservation)
    .where(
      and(
        eq(reservation.doctor_id, doctor),
        eq(reservation.date, DATE),
        eq(reservation.time, time),
        ne(reservation.status, 'batal'),
      ),
    );
  return { booked: slot?.booked ?? 0, live: live.length };
}

describe('concurrent bookings of one slot (PostgreSQL)', () => {
  it('gives exactly as many bookings as free places; the others get 409 sudah penuh', async () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
    const patients = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.makePatient(branch, { name: `Pasien Serentak ${i + 1}` })),
    );
    // Two of four places taken first.
    for (const p of patients.slice(0, 2)) {
      const r = await t.api(admin).post('/api/service/reservation', { customer: p, doctor, date: DATE, time: '09:00' });
      expect(r.status).toBe(201);
    }
    const results = await Promise.all(
      patients
        .slice(2)
        .map((p) => t.api(admin).post('/api/service/reservation', { customer: p, doctor, date: DATE, time: '09:00' })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body[0].message).toBe('Slot dr. Serentak 24-11-2026 09:00 sudah penuh');
    expect(await counts('09:00:00')).toEqual({ booked: 4, live: 4 });
    const codes = results.filter((r) => r.status === 201).map((r) => r.body.data.code);
    expect(new Set(codes).size).toBe(2);
  });

  it('moves and frees places under concurrency: concurrent reschedules into one free place give one success', async () => {
    const patients = await Promise.all(
      Array.from({ length: 7 }, (_, i) => t.makePatient(branch, { name: `Pasien Pindah ${i + 1}` })),
    );
    // 09:30 has 3 of 4 taken; 4 bookings of 10:00 try to move into the one free place at once.
    for (const p of patients.slice(0, 3))
      expect(
        (await t.api(admin).post('/api/service/reservation', { customer: p, doctor, date: DATE, time: '09:30' }))
          .status,
      ).toBe(201);
    const ids: number[] = [];
    for (const p of patients.slice(3)) {
      const r = await t.api(admin).post('/api/service/reservation', { customer: p, doctor, date: DATE, time: '10:00' });
      expect(r.status).toBe(201);
      ids.push(r.body.data.id);
    }
    const moves = await Promise.all(
      ids.map((id) => t.api(admin).put(`/api/service/reservation/${id}`, { date: DATE, time: '09:30' })),
    );
    expect(moves.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await counts('09:30:00')).toEqual({ booked: 4, live: 4 });
    expect(await counts('10:00:00')).toEqual({ booked: 3, live: 3 });
    // Cancelling frees a place that a booking then takes.
    const movedId = ids[moves.findIndex((m) => m.status === 200)];
    const cancel = await t
      .api(admin)
      .put(`/api/service/reservation/${movedId}`, { status: 'batal', reason: 'Pasien berhalangan' });
    expect(cancel.status).toBe(200);
    expect(await counts('09:30:00')).toEqual({ booked: 3, live: 3 });
  });
});
