import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { financePeriode, reservation } from '../../db/schema/index.js';
import { LIST_COUNT_CAP, listCountCapped } from '@klinik/shared';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';

// Each endpoint: an allowed call, a refused role (403), another branch's row (404), bad input (400 with the
// Indonesian message next to its field) and the database unchanged after every refusal.
let t: TestApp;
let branchA: number;
let branchB: number;
let admin: TestUser;
let dokter: TestUser;
let perawat: TestUser;
let multimedia: TestUser;
let adminB: TestUser;
let doctorB: TestUser;
let patient: number;
let patient2: number;
let patientB: number;

const TODAY = '2026-11-23';

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-23T03:00:00Z'); // 10:00 in Jakarta
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  admin = await t.makeUser('admin', { branchId: branchA });
  dokter = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Andi' });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  multimedia = await t.makeUser('multimedia', { branchId: branchA });
  adminB = await t.makeUser('admin', { branchId: branchB });
  doctorB = await t.makeUser('dokter', { branchId: branchB });
  patient = await t.makePatient(branchA, { name: 'Budi Santoso' });
  patient2 = await t.makePatient(branchA, { name: 'Citra Lestari' });
  patientB = await t.makePatient(branchB, { name: 'Pasien Bandung' });
});
afterAll(() => t.close());

async function booked(branch: number, customer: number, doctor: number, date = TODAY, time = '10:00') {
  const [r] = await t.db
    .insert(reservation)
    .values({
      profile_id: branch,
      code: `RSV-${branch}-${customer}-${date}-${time}-${Math.random().toString(36).slice(2, 7)}`,
      customer_id: customer,
      doctor_id: doctor,
      date,
      time,
      end_time: '10:30',
      slot_capacity: 4,
    })
    .returning();
  return r;
}

describe('POST /api/service/visit (Registrasi Visit)', () => {
  it('registers a walk-in with a code and the next queue number of the doctor and day', async () => {
    const a = await t.api(admin).post('/api/service/visit', {
      customer: patient,
      doctor: dokter.id,
      kind: 'konsultasi',
      complaint: 'Jerawat',
    });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ queue_number: 1, status: 'menunggu' });
    expect(a.body.data.code).toMatch(/^KJ\//);
    const b = await t.api(admin).post('/api/service/visit', {
      customer: patient2,
      doctor: dokter.id,
      kind: 'tindakan',
      needs_multimedia: true,
    });
    expect(b.body.data.queue_number).toBe(2);
    const list = await t.api(dokter).get(`/api/service/visit?date=${TODAY}&doctor=${dokter.id}`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.data.map((v: { queue_number: number }) => v.queue_number)).toEqual([1, 2]);
    expect(list.body.data[1]).toMatchObject({ kind: 'tindakan', needs_multimedia: true });
    const [log] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from visit_status_log where visit_id = ${a.body.data.id} and to_status = 'menunggu'`,
    );
    expect(log.n).toBe(1);
  });

  it('answers the first visit again for the same Idempotency-Key', async () => {
    const body = { customer: patient2, doctor: dokter.id, kind: 'konsultasi' };
    const headers = { 'idempotency-key': 'visit-key-0001' };
    const first = await t.api(admin).post('/api/service/visit', body, headers);
    const again = await t.api(admin).post('/api/service/visit', body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('checks in a reservation of today: it becomes datang and is linked', async () => {
    const r = await booked(branchA, patient, dokter.id);
    const res = await t.api(admin).post('/api/service/visit', {
      customer: patient,
      doctor: dokter.id,
      kind: 'konsultasi',
      reservation: r.id,
    });
    expect(res.status).toBe(201);
    const [row] = await queryRows<{ status: string; rid: number }>(
      t.db,
      sql`select r.status, v.reservation_id as rid from reservation r join visit v on v.reservation_id = r.id where r.id = ${r.id}`,
    );
    expect(row).toMatchObject({ status: 'datang', rid: r.id });
    // The same booking cannot be checked in twice.
    const twice = await t.api(admin).post('/api/service/visit', {
      customer: patient,
      doctor: dokter.id,
      kind: 'konsultasi',
      reservation: r.id,
    });
    expect(twice.status).toBe(409);
    expect(twice.body[0]).toMatchObject({ field: 'reservation', message: 'Reservasi ini sudah check-in' });
  });

  it('refuses bad input (400 next to the field), other roles (403), other branches, changing nothing', async () => {
    const tomorrow = await booked(branchA, patient, dokter.id, '2026-11-24');
    const other = await booked(branchB, patientB, doctorB.id);
    const before = await countRows(t.db, 'visit', 'visit_status_log', 'reservation', 'audit_log', 'doc_counter');
    const bad = await t.api(admin).post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ field: 'kind', message: 'Pilih jenis kunjungan' }]);
    const noPaket = await t
      .api(admin)
      .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'paket' });
    expect(noPaket.body).toEqual([{ field: 'paket_membership', message: 'Pilih paket pasien' }]);
    const otherPatient = await t.api(admin).post('/api/service/visit', {
      customer: patientB,
      doctor: dokter.id,
      kind: 'konsultasi',
    });
    expect(otherPatient.status).toBe(400);
    expect(otherPatient.body).toEqual([{ field: 'customer', message: 'Pasien tidak ditemukan di cabang ini' }]);
    const otherDoctor = await t.api(admin).post('/api/service/visit', {
      customer: patient,
      doctor: doctorB.id,
      kind: 'konsultasi',
    });
    expect(otherDoctor.body).toEqual([{ field: 'doctor', message: 'Dokter tidak ditemukan di cabang ini' }]);
    const notToday = await t.api(admin).post('/api/service/visit', {
      customer: patient,
      doctor: dokter.id,
      kind: 'konsultasi',
      reservation: tomorrow.id,
    });
    expect(notToday.status).toBe(400);
    expect(notToday.body[0].field).toBe('reservation');
    // Another branch's reservation: not found.
    const crossCheckin = await t.api(admin).post('/api/service/visit', {
      customer: patient,
      doctor: dokter.id,
      kind: 'konsultasi',
      reservation: other.id,
    });
    expect(crossCheckin.status).toBe(404);
    expect(crossCheckin.body[0].message).toBe('Reservasi tidak ditemukan');
    // Registration is manager and admin (spec 6): not the nurse, not the doctor.
    for (const u of [perawat, dokter, multimedia]) {
      const res = await t
        .api(u)
        .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' });
      expect(res.status).toBe(403);
    }
    expect(await countRows(t.db, 'visit', 'visit_status_log', 'reservation', 'audit_log', 'doc_counter')).toEqual(
      before,
    );
  });
});

describe('pemakaian paket', () => {
  it("links one of the patient's active packages with slots left, without using a slot", async () => {
    await t.db.insert(financePeriode).values({ profile_id: branchA, start_date: '2020-01-01', status: 0 });
    const tm = await t.api(admin).post('/api/master/tindakanmedis', { code: 'TM-V', name: 'Facial', price: 100000 });
    const type = await t
      .api(admin)
      .post('/api/paket/type', { name: 'Promo', type: 1, start_at: '2024-01-01', end_at: '2099-12-31' });
    const paket = await t.api(admin).post('/api/paket', {
      code: 'PKT-V',
      name: 'Paket Wajah',
      paket_type_id: type.body.data.id,
      active_at: '2024-01-01',
      price: 100000,
      items: [{ type: 1, ref_id: tm.body.data.id, free_slot: 3, expired_duration: 90 }],
    });
    expect(paket.status).toBe(201);
    const m = await t
      .api(admin)
      .post('/api/paket/membership', { customer: patient, doctor: dokter.id, paket_history_id: paket.body.data.id });
    expect(m.status).toBe(201);
    const options = await t.api(admin).get(`/api/service/visit/pakets?customer=${patient}`);
    expect(options.body.data).toEqual([expect.objectContaining({ id: m.body.data.id, left_slot: 3 })]);
    expect((await t.api(admin).get(`/api/service/visit/pakets?customer=${patient2}`)).body.data).toEqual([]);
    // Another patient's package is refused beside the field.
    const wrong = await t.api(admin).post('/api/service/visit', {
      customer: patient2,
      doctor: dokter.id,
      kind: 'paket',
      paket_membership: m.body.data.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body[0].field).toBe('paket_membership');
    const v = await t.api(admin).post('/api/service/visit', {
      customer: patient,
      doctor: dokter.id,
      kind: 'paket',
      paket_membership: m.body.data.id,
    });
    expect(v.status).toBe(201);
    const got = await t.api(admin).get(`/api/service/visit/${v.body.data.id}`);
    expect(got.body.data.paket_membership).toMatchObject({ id: m.body.data.id });
    // No slot is used at registration (the medical record and the cashier do that).
    expect((await t.api(admin).get(`/api/service/visit/pakets?customer=${patient}`)).body.data[0].left_slot).toBe(3);
  });
});

describe('queue numbers', () => {
  it('continue gaplessly after refused registrations and start again at 1 per doctor and day', async () => {
    const list = await t.api(admin).get(`/api/service/visit?date=${TODAY}&doctor=${dokter.id}`);
    const last = Math.max(...list.body.data.map((v: { queue_number: number }) => v.queue_number));
    // Refused (another branch's patient, a package without one): no number is used up.
    await t.api(admin).post('/api/service/visit', { customer: patientB, doctor: dokter.id, kind: 'konsultasi' });
    await t
      .api(admin)
      .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'paket', paket_membership: 999999 });
    const next = await t
      .api(admin)
      .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' });
    expect(next.body.data.queue_number).toBe(last + 1);
    // Another doctor of the branch has a queue of its own; tomorrow starts at 1.
    const other = await t.makeUser('dokter', { branchId: branchA });
    const first = await t
      .api(admin)
      .post('/api/service/visit', { customer: patient, doctor: other.id, kind: 'konsultasi' });
    expect(first.body.data.queue_number).toBe(1);
    t.setNow('2026-11-24T02:00:00Z');
    try {
      const tomorrow = await t
        .api(admin)
        .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' });
      expect(tomorrow.body.data.queue_number).toBe(1);
      const got = await t.api(admin).get(`/api/service/visit/${tomorrow.body.data.id}`);
      expect(got.body.data.visit_date).toBe('2026-11-24');
    } finally {
      t.setNow('2026-11-23T03:00:00Z');
    }
  });
});

describe('POST /api/service/visit/{id}/status (the state machine)', () => {
  it('moves a visit menunggu -> dipanggil -> diperiksa -> selesai with timestamps and logs', async () => {
    const v = (
      await t.api(admin).post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' })
    ).body.data;
    expect((await t.api(perawat).post(`/api/service/visit/${v.id}/status`, { status: 'dipanggil' })).status).toBe(200);
    expect((await t.api(dokter).post(`/api/service/visit/${v.id}/status`, { status: 'diperiksa' })).status).toBe(200);
    const done = await t.api(dokter).post(`/api/service/visit/${v.id}/status`, { status: 'selesai' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id: v.id, status: 'selesai', from: 'diperiksa' });
    const got = await t.api(dokter).get(`/api/service/visit/${v.id}`);
    expect(got.body.data.called_at).toBeTruthy();
    expect(got.body.data.started_at).toBeTruthy();
    expect(got.body.data.finished_at).toBeTruthy();
    expect(got.body.data.status_log.map((l: { to_status: string }) => l.to_status)).toEqual([
      'menunggu',
      'dipanggil',
      'diperiksa',
      'selesai',
    ]);
  });

  it('refuses a transition the state machine does not allow with 409, changing nothing', async () => {
    const v = (
      await t.api(admin).post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' })
    ).body.data;
    const before = await countRows(t.db, 'visit_status_log', 'audit_log');
    const skip = await t.api(dokter).post(`/api/service/visit/${v.id}/status`, { status: 'selesai' });
    expect(skip.status).toBe(409);
    expect(skip.body).toEqual([
      { field: 'status', message: 'Status kunjungan tidak dapat diubah dari Menunggu ke Selesai' },
    ]);
    const back = await t.api(dokter).post(`/api/service/visit/${v.id}/status`, { status: 'menunggu' });
    expect(back.status).toBe(409);
    const noReason = await t.api(admin).post(`/api/service/visit/${v.id}/status`, { status: 'batal' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual([{ field: 'reason', message: 'Alasan pembatalan wajib diisi' }]);
    // Multimedia reads the queue but does not move it; another branch's visit is not found.
    expect((await t.api(multimedia).post(`/api/service/visit/${v.id}/status`, { status: 'dipanggil' })).status).toBe(
      403,
    );
    expect((await t.api(adminB).post(`/api/service/visit/${v.id}/status`, { status: 'dipanggil' })).status).toBe(404);
    expect((await t.api(adminB).get(`/api/service/visit/${v.id}`)).status).toBe(404);
    expect(await countRows(t.db, 'visit_status_log', 'audit_log')).toEqual(before);
    const cancelled = await t.api(admin).post(`/api/service/visit/${v.id}/status`, {
      status: 'batal',
      reason: 'Pasien pulang',
    });
    expect(cancelled.status).toBe(200);
    const again = await t.api(admin).post(`/api/service/visit/${v.id}/status`, { status: 'dipanggil' });
    expect(again.status).toBe(409);
    expect(again.body[0].message).toBe('Status kunjungan tidak dapat diubah dari Batal ke Dipanggil');
  });
});

describe('lists, worklists and the display', () => {
  it('keeps each branch to its own queue and history', async () => {
    const vB = await t
      .api(adminB)
      .post('/api/service/visit', { customer: patientB, doctor: doctorB.id, kind: 'konsultasi' });
    expect(vB.status).toBe(201);
    expect(vB.body.data.queue_number).toBe(1);
    const listA = await t.api(admin).get('/api/service/visit');
    expect(listA.body.data.every((v: { profile_id: number }) => v.profile_id === branchA)).toBe(true);
    const hist = await t
      .api(admin)
      .get(`/api/service/kunjungan?fromdate=${TODAY}&todate=${TODAY}&keyword=budi&limit=2`);
    expect(hist.status).toBe(200);
    expect(hist.body.data.length).toBe(2);
    expect(hist.body.count).toBeGreaterThan(2);
    expect(hist.body.data.every((v: { customer: { name: string } }) => v.customer.name === 'Budi Santoso')).toBe(true);
    const badRange = await t.api(admin).get(`/api/service/kunjungan?fromdate=2026-11-24&todate=2026-11-01`);
    expect(badRange.body).toEqual([{ field: 'todate', message: 'Tanggal akhir sebelum tanggal awal' }]);
    expect((await t.api(null).get('/api/service/visit')).status).toBe(401);
  });

  it("gives the doctor their visits and the nurse the treatments that are theirs or nobody's", async () => {
    const mine = await t.api(dokter).get('/api/service/visit?mine=doctor');
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((v: { doctor: { id: number } }) => v.doctor.id === dokter.id)).toBe(true);
    const nurseList = await t.api(perawat).get('/api/service/visit?mine=nurse');
    expect(nurseList.body.data.length).toBe(1);
    const tindakan = nurseList.body.data[0];
    expect(tindakan.kind).toBe('tindakan');
    await t.api(perawat).post(`/api/service/visit/${tindakan.id}/status`, { status: 'dipanggil' });
    const taken = await t.api(perawat).get(`/api/service/visit/${tindakan.id}`);
    expect(taken.body.data.nurse.id).toBe(perawat.id);
    const other = await t.makeUser('perawat', { branchId: branchA });
    expect((await t.api(other).get('/api/service/visit?mine=nurse')).body.data).toEqual([]);
  });

  it('shows the waiting room numbers and initials only', async () => {
    const d = await t.api(perawat).get('/api/service/visit/display');
    expect(d.status).toBe(200);
    const row = d.body.data.doctors.find((x: { doctor: { id: number } }) => x.doctor.id === dokter.id);
    expect(row.current.length).toBeGreaterThan(0);
    expect(JSON.stringify(d.body)).not.toContain('Citra');
    expect(JSON.stringify(d.body)).not.toContain('Budi');
    expect(row.current.map((c: { initials: string }) => c.initials)).toContain('C.L.');
  });
});

describe('GET /api/service/visit/events (server-sent events)', () => {
  it('signals a change to an open stream of the same branch and not to another branch', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const open = (user: TestUser) =>
      new Promise<{ chunks: string[]; res: http.IncomingMessage; req: http.ClientRequest }>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/service/visit/events',
            headers: { cookie: user.cookie, 'accept-encoding': 'gzip, br' },
          },
          (res) => {
            const chunks: string[] = [];
            res.setEncoding('utf8');
            res.on('data', (c: string) => chunks.push(c));
            resolve({ chunks, res, req });
          },
        );
        req.on('error', reject);
      });
    const a = await open(perawat);
    const b = await open(adminB);
    try {
      expect(a.res.statusCode).toBe(200);
      expect(a.res.headers['content-type']).toContain('text/event-stream');
      expect(a.res.headers['content-encoding']).toBeUndefined();
      expect(a.res.headers['x-content-type-options']).toBe('nosniff');
      const v = (
        await t.api(admin).post('/api/service/visit', { customer: patient2, doctor: dokter.id, kind: 'konsultasi' })
      ).body.data;
      await t.api(admin).post(`/api/service/visit/${v.id}/status`, { status: 'dipanggil' });
      await vi.waitFor(() => expect(a.chunks.join('').split('event: changed').length).toBeGreaterThanOrEqual(3), {
        timeout: 5000,
        interval: 20,
      });
      const text = a.chunks.join('');
      expect(text).toContain(`event: changed\ndata: {"ids":[${v.id}]}`);
      expect(text.split('event: changed').length).toBe(3);
      expect(b.chunks.join('')).not.toContain('event: changed');
      // A refused change (409) sends nothing: the next event on the stream is the next accepted change's.
      const seen = a.chunks.join('').length;
      expect((await t.api(admin).post(`/api/service/visit/${v.id}/status`, { status: 'selesai' })).status).toBe(409);
      const w = (
        await t.api(admin).post('/api/service/visit', { customer: patient2, doctor: dokter.id, kind: 'tindakan' })
      ).body.data;
      await vi.waitFor(() => expect(a.chunks.join('').slice(seen)).toContain('event: changed'), {
        timeout: 5000,
        interval: 20,
      });
      expect(a.chunks.join('').slice(seen)).toMatch(
        new RegExp(`^(: [^\\n]*\\n\\n)*event: changed\\ndata: {"ids":\\[${w.id}\\]}`),
      );
    } finally {
      a.req.destroy();
      b.req.destroy();
    }
    // Unauthenticated: refused before any stream.
    const anon = await t.api(null).get('/api/service/visit/events');
    expect(anon.status).toBe(401);
  });
});

describe('visit history count (issue 33: bounded per page)', () => {
  it('counts exactly up to the page plus LIST_COUNT_CAP, past it reports one more; filters and pages hold', async () => {
    const branchC = await t.makeBranch({ name: 'Cabang Ramai' });
    const adminC = await t.makeUser('admin', { branchId: branchC });
    const doctorC = await t.makeUser('dokter', { branchId: branchC });
    const patientC = await t.makePatient(branchC, { name: 'Dewi Ramai' });
    // 1 030 visits over 21 days (50 a day, the last day 30).
    await t.db.execute(sql`insert into visit (profile_id, customer_id, doctor_id, code, visit_date, queue_number, kind)
      select ${branchC}, ${patientC}, ${doctorC.id}, 'BULK-' || g, date '2026-11-23' - (g / 50), g % 50 + 1, 'konsultasi'
      from generate_series(0, 1029) g`);
    const get = (q: string) => t.api(adminC).get(`/api/service/kunjungan?${q}`);
    const first = await get('page=1&limit=20');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.count).toBe(LIST_COUNT_CAP + 1);
    expect(listCountCapped(first.body.count, 1, 20)).toBe(true);
    // Page 2 counts 20 further; the last page (offset 1 020) counts exactly and is not capped.
    expect((await get('page=2&limit=20')).body.count).toBe(20 + LIST_COUNT_CAP + 1);
    const last = await get('page=52&limit=20');
    expect(last.body.count).toBe(1030);
    expect(last.body.data).toHaveLength(10);
    expect(listCountCapped(last.body.count, 52, 20)).toBe(false);
    expect(last.body.data.at(-1).code).toBe('BULK-1029');
    // A filter under the cap counts exactly.
    const day = await get('fromdate=2026-11-23&todate=2026-11-23&keyword=dewi&limit=20');
    expect(day.body.count).toBe(50);
    expect(listCountCapped(day.body.count, 1, 20)).toBe(false);
  });
});
