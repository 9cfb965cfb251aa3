/**
 * The reminder page's optional WhatsApp/SMS gateway (issue 11 item 6) against a fake gateway on 127.0.0.1: the
 * setting (manager and top-level only, the token never answered, bad URL 400 with nothing written), sending through
 * the job queue (the fake receives `{ target, message }` with the token header, the delivery becomes 'sent' and the
 * patient is marked reminded), retries ending in 'failed' with the error kept, one job for a double send (the partial
 * unique index), another branch's reminder 404, and no sending at all without an enabled gateway.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { reminderMessage } from '@klinik/shared';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { reminderDelivery, reservation, visit } from '../../db/schema/index.js';

// Monday 23 November 2026, 09:10 in Jakarta (WIB, UTC+7).
const NOW = '2026-11-23T02:10:00Z';
const TOMORROW = '2026-11-24';
const TOKEN = 'rahasia-token-gateway-98765';
const JOB = 'reminder.gateway';

interface Received {
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: { target?: string; message?: string };
}
const received: Received[] = [];
let failing = false;
let server: http.Server;
let gatewayUrl: string;

let t: TestApp;
let branchA: number;
let branchB: number;
let manager: TestUser;
let admin: TestUser;
let perawat: TestUser;
let adminB: TestUser;
let owner: TestUser;
let doctorA: number;
let doctorB: number;

async function practising(as: TestUser, doctor: number) {
  expect((await t.api(as).post('/api/service/doctor', { doctor_id: doctor })).status).toBe(201);
  for (let day = 1; day <= 7; day++) {
    const res = await t.api(as).post('/api/service/doctorschedule', {
      doctor_id: doctor,
      day_of_week: day,
      start_time: '08:00',
      end_time: '20:00',
      slot_minutes: 30,
      capacity: 4,
    });
    expect(res.status).toBe(201);
  }
}

async function book(as: TestUser, customer: number, doctor: number, time: string): Promise<number> {
  const res = await t.api(as).post('/api/service/reservation', { customer, doctor, date: TOMORROW, time });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function delivery(id: number) {
  const [row] = await t.db.select().from(reminderDelivery).where(eq(reminderDelivery.id, id));
  return row;
}
async function waitFor(id: number, status: 'sent' | 'failed', timeout = 60_000) {
  await vi.waitFor(async () => expect((await delivery(id)).status).toBe(status), { timeout, interval: 200 });
  return delivery(id);
}
async function jobCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from pgboss.job where name = ${JOB}`,
  );
  return Number(row.n);
}
const settings = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  provider: 'webhook',
  url: gatewayUrl,
  token_header: 'Authorization',
  token: TOKEN,
  ...over,
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url, headers: req.headers, body: JSON.parse(data || '{}') as Received['body'] });
      res.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' });
      res.end(failing ? '{"status":false,"reason":"perangkat terputus"}' : '{"status":true,"id":["1"]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;

  // The fake gateway is on this machine: the operator's allow-list lets exactly it through (lib/outbound.ts).
  t = await createTestApp({
    reminderRetryDelaySeconds: 1,
    reminderGatewayAllowHosts: [`127.0.0.1:${(server.address() as AddressInfo).port}`],
  });
  t.setNow(NOW);
  branchA = await t.makeBranch({ name: 'Klinik Sehat Jakarta' });
  branchB = await t.makeBranch({ name: 'Klinik Bandung' });
  manager = await t.makeUser('manager', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  adminB = await t.makeUser('admin', { branchId: branchB });
  doctorA = (await t.makeUser('dokter', { branchId: branchA, name: 'dr. Andi Saputra' })).id;
  doctorB = (await t.makeUser('dokter', { branchId: branchB, name: 'dr. Budi Bandung' })).id;
  await practising(admin, doctorA);
  await practising(adminB, doctorB);
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('reminder gateway setting', () => {
  it('is refused to non-managers (403) and shows nothing to send while no gateway is configured', async () => {
    for (const u of [admin, perawat]) {
      expect((await t.api(u).get('/api/service/visitreminder/gateway')).status).toBe(403);
      expect((await t.api(u).put('/api/service/visitreminder/gateway', settings())).status).toBe(403);
    }
    expect((await countRows(t.db, 'reminder_gateway')).reminder_gateway).toBe(0);
    const none = await t.api(manager).get('/api/service/visitreminder/gateway');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: null });
    const list = await t.api(admin).get(`/api/service/visitreminder?date=${TOMORROW}`);
    expect(list.body.gateway).toBe(false);

    const patient = await t.makePatient(branchA, { name: 'Tanpa Gateway', phone: '081100000001' });
    const id = await book(admin, patient, doctorA, '08:00');
    const before = await countRows(t.db, 'reminder_delivery');
    const refused = await t.api(admin).post(`/api/service/visitreminder/reservation/${id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body[0].message).toBe('Gateway pengingat belum diaktifkan untuk cabang ini');
    expect(await countRows(t.db, 'reminder_delivery')).toEqual(before);
    // The wa.me link works as before.
    const row = (await t.api(admin).get(`/api/service/visitreminder?date=${TOMORROW}`)).body.data.find(
      (r: { id: number }) => r.id === id,
    );
    expect(row.wa_link).toMatch(/^https:\/\/wa\.me\/6281100000001\?text=/);
    expect(row.delivery).toBeNull();
  });

  it('refuses a bad URL or header name with Indonesian messages next to the field, writing nothing', async () => {
    const before = await countRows(t.db, 'reminder_gateway', 'audit_log');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: 'http://gateway.example.com/send' }, 'url', 'URL gateway harus alamat https:// yang valid'],
      [{ url: 'bukan url' }, 'url', 'URL gateway harus alamat https:// yang valid'],
      [{ url: 'https://user:pw@gateway.example.com' }, 'url', 'URL gateway harus alamat https:// yang valid'],
      [{ url: '' }, 'url', 'URL gateway wajib diisi'],
      [
        { token_header: 'Auth header' },
        'token_header',
        'Nama header token hanya huruf, angka dan tanda - (paling panjang 60)',
      ],
      // Issue 25 finding 2: internal hosts in any notation, other ports of this machine, CR/LF, framing headers.
      ...[
        'https://127.0.0.1/send',
        'https://2130706433/',
        'https://0x7f.1/',
        'https://[::1]/',
        'https://[::ffff:169.254.169.254]/',
        'https://169.254.169.254/latest/meta-data/',
        'https://0.0.0.0/',
        'https://localhost:3000/api/me',
        'https://10.0.0.8/',
      ].map((url): [Record<string, unknown>, string, string] => [
        { url },
        'url',
        'Alamat gateway mengarah ke jaringan internal dan tidak diizinkan',
      ]),
      [{ url: 'https://gateway.example.com/se\r\nnd' }, 'url', 'URL gateway tidak valid'],
      [{ token: 'abc\r\nX-Other: 1' }, 'token', 'Token tidak boleh berisi baris baru'],
      [
        { token_header: 'Host' },
        'token_header',
        'Nama header ini dipakai oleh permintaan itu sendiri, pilih yang lain',
      ],
      [
        { token_header: 'Content-Length' },
        'token_header',
        'Nama header ini dipakai oleh permintaan itu sendiri, pilih yang lain',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.api(manager).put('/api/service/visitreminder/gateway', settings(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body).toContainEqual({ field, message });
    }
    expect(await countRows(t.db, 'reminder_gateway', 'audit_log')).toEqual(before);
  });

  it('stores the gateway for the branch and never answers the token (masked only)', async () => {
    const res = await t.api(manager).put('/api/service/visitreminder/gateway', settings());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      enabled: true,
      provider: 'webhook',
      url: gatewayUrl,
      token_header: 'Authorization',
      token_set: true,
      token_masked: '••••••8765',
    });
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);
    // A blank token keeps the stored one; a top-level user may change the setting too.
    const again = await t.api(owner).put('/api/service/visitreminder/gateway', settings({ token: '' }));
    expect(again.status).toBe(200);
    expect(again.body.data.token_set).toBe(true);
    for (const u of [manager, owner]) {
      const got = await t.api(u).get('/api/service/visitreminder/gateway');
      expect(got.status).toBe(200);
      expect(got.body.data.token_masked).toBe('••••••8765');
      expect(JSON.stringify(got.body)).not.toContain(TOKEN);
    }
    const list = await t.api(admin).get(`/api/service/visitreminder?date=${TOMORROW}`);
    expect(list.body.gateway).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain(TOKEN);
    const trpc = await t.trpc(manager).reservations.gateway({});
    expect(JSON.stringify(trpc)).not.toContain(TOKEN);
    // Nor does the audit log keep it.
    const audits = await queryRows<{ before: unknown; after: unknown }>(
      t.db,
      sql`select before, after from audit_log where entity = 'reminder_gateway'`,
    );
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain(TOKEN);
    // Another branch has no gateway of its own.
    const other = await t.makeUser('manager', { branchId: branchB });
    expect((await t.api(other).get('/api/service/visitreminder/gateway')).body).toEqual({ data: null });
  });
});

describe('sending through the gateway', () => {
  let sentId: number;
  let sentReservation: number;

  it('queues a job that posts { target, message } with the token header, then marks the patient reminded', async () => {
    const patient = await t.makePatient(branchA, { name: 'Siti Aminah', phone: '0812-3456-7890' });
    sentReservation = await book(admin, patient, doctorA, '09:00');
    const jobs = await jobCount();
    const res = await t.api(admin).post(`/api/service/visitreminder/reservation/${sentReservation}/send`);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'reservation', reminder: sentReservation, target: '6281234567890' });
    expect(['queued', 'sent']).toContain(res.body.data.status);
    sentId = res.body.data.id;
    expect(await jobCount()).toBe(jobs + 1);
    const done = await waitFor(sentId, 'sent');
    expect(done).toMatchObject({ attempts: 1, last_error: null });
    expect(done.sent_at).not.toBeNull();
    const message = reminderMessage({
      kind: 'reservation',
      customer_name: 'Siti Aminah',
      clinic: 'Klinik Sehat Jakarta',
      doctor_name: 'dr. Andi Saputra',
      date: TOMORROW,
      time: '09:00',
    });
    const got = received.filter((r) => r.body.target === '6281234567890');
    expect(got).toHaveLength(1);
    expect(got[0].url).toBe('/send');
    expect(got[0].body).toEqual({ target: '6281234567890', message });
    expect(got[0].headers.authorization).toBe(TOKEN);
    const [r] = await t.db.select().from(reservation).where(eq(reservation.id, sentReservation));
    expect(r.reminded_at).not.toBeNull();
    expect(r.reminded_by).toBe(admin.id);
    // The page shows the delivery's status, and the link still carries the same message.
    const row = (await t.api(admin).get(`/api/service/visitreminder?date=${TOMORROW}`)).body.data.find(
      (x: { kind: string; id: number }) => x.kind === 'reservation' && x.id === sentReservation,
    );
    expect(row.delivery).toMatchObject({ id: sentId, status: 'sent', attempts: 1 });
    expect(row.reminded_at).not.toBeNull();
    expect(decodeURIComponent(row.wa_link.split('?text=')[1])).toBe(message);
  }, 90_000);

  it('sending again while queued or sent answers the first delivery: one job, one row', async () => {
    const before = await countRows(t.db, 'reminder_delivery');
    const jobs = await jobCount();
    const again = await t.api(admin).post(`/api/service/visitreminder/reservation/${sentReservation}/send`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: sentId, status: 'sent' });

    // Two clicks at once on a fresh reminder: one delivery, one job.
    const patient = await t.makePatient(branchA, { name: 'Dua Klik', phone: '081300000002' });
    const id = await book(admin, patient, doctorA, '09:30');
    const url = `/api/service/visitreminder/reservation/${id}/send`;
    const [a, b] = await Promise.all([t.api(admin).post(url), t.api(manager).post(url)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await countRows(t.db, 'reminder_delivery')).toEqual({ reminder_delivery: before.reminder_delivery + 1 });
    expect(await jobCount()).toBe(jobs + 1);
    await waitFor(a.body.data.id, 'sent');
    expect(received.filter((r) => r.body.target === '6281300000002')).toHaveLength(1);
    // The database itself refuses a second active delivery for one reminder (not a check in code).
    await expect(
      t.db.insert(reminderDelivery).values({
        profile_id: branchA,
        kind: 'reservation',
        reservation_id: id,
        target: '6281300000002',
        message: 'x',
        status: 'queued',
      }),
    ).rejects.toThrow();
  }, 90_000);

  it('retries a gateway answering 500 with backoff, then keeps the delivery failed with the error', async () => {
    failing = true;
    const patient = await t.makePatient(branchA, { name: 'Gagal Kirim', phone: '081400000003' });
    const id = await book(admin, patient, doctorA, '10:00');
    const res = await t.api(admin).post(`/api/service/visitreminder/reservation/${id}/send`);
    expect(res.status).toBe(201);
    const failed = await waitFor(res.body.data.id, 'failed', 90_000);
    expect(failed.attempts).toBe(4); // the first attempt and 3 retries
    // Only the status code: never the answer's words (issue 25 finding 2).
    expect(failed.last_error).toBe('Gateway menjawab 500');
    expect(failed.failed_at).not.toBeNull();
    expect(received.filter((r) => r.body.target === '6281400000003')).toHaveLength(4);
    const [r] = await t.db.select().from(reservation).where(eq(reservation.id, id));
    expect(r.reminded_at).toBeNull();
    const row = (await t.api(admin).get(`/api/service/visitreminder?date=${TOMORROW}`)).body.data.find(
      (x: { kind: string; id: number }) => x.kind === 'reservation' && x.id === id,
    );
    expect(row.delivery).toMatchObject({ status: 'failed', attempts: 4, last_error: failed.last_error });

    // Sent again once the gateway is back: a new delivery; the failed one stays in the history.
    failing = false;
    const retry = await t.api(admin).post(`/api/service/visitreminder/reservation/${id}/send`);
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).not.toBe(res.body.data.id);
    await waitFor(retry.body.data.id, 'sent');
    expect((await delivery(res.body.data.id)).status).toBe('failed');
    // History is never deleted.
    await expect(t.db.delete(reminderDelivery).where(eq(reminderDelivery.id, res.body.data.id))).rejects.toThrow();
  }, 120_000);

  it('sends a due follow-up and marks it reminded', async () => {
    const patient = await t.makePatient(branchA, { name: 'Pasien Kontrol', phone: '081500000004' });
    const [v] = await t.db
      .insert(visit)
      .values({
        profile_id: branchA,
        code: 'KJ-A-GW-1',
        visit_date: '2026-11-10',
        queue_number: 1,
        customer_id: patient,
        doctor_id: doctorA,
        kind: 'konsultasi',
        status: 'selesai',
        follow_up_date: TOMORROW,
      })
      .returning();
    const res = await t.api(admin).post(`/api/service/visitreminder/followup/${v.id}/send`);
    expect(res.status).toBe(201);
    await waitFor(res.body.data.id, 'sent');
    const got = received.find((r) => r.body.target === '6281500000004');
    expect(got?.body.message).toContain('jadwal kontrol');
    const [after] = await t.db.select().from(visit).where(eq(visit.id, v.id));
    expect(after.follow_up_reminded_at).not.toBeNull();
  }, 90_000);

  it("answers 404 for another branch's reminder and writes nothing", async () => {
    const patient = await t.makePatient(branchB, { name: 'Pasien Bandung', phone: '081600000005' });
    const id = await book(adminB, patient, doctorB, '11:00');
    const [v] = await t.db
      .insert(visit)
      .values({
        profile_id: branchB,
        code: 'KJ-B-GW-1',
        visit_date: '2026-11-10',
        queue_number: 1,
        customer_id: patient,
        doctor_id: doctorB,
        kind: 'konsultasi',
        status: 'selesai',
        follow_up_date: TOMORROW,
      })
      .returning();
    const before = await countRows(t.db, 'reminder_delivery');
    const jobs = await jobCount();
    const r = await t.api(admin).post(`/api/service/visitreminder/reservation/${id}/send`);
    expect(r.status).toBe(404);
    expect(r.body[0].message).toBe('Reservasi tidak ditemukan');
    const f = await t.api(admin).post(`/api/service/visitreminder/followup/${v.id}/send`);
    expect(f.status).toBe(404);
    expect(await countRows(t.db, 'reminder_delivery')).toEqual(before);
    expect(await jobCount()).toBe(jobs);
  });

  it("'Kirim semua' queues every reminder not yet reminded once; a second time queues none", async () => {
    const noPhone = await t.makePatient(branchA, { name: 'Tanpa Telepon', phone: null });
    await book(admin, noPhone, doctorA, '11:00');
    const p1 = await t.makePatient(branchA, { name: 'Semua Satu', phone: '081700000006' });
    const p2 = await t.makePatient(branchA, { name: 'Semua Dua', phone: '081700000007' });
    const ids = [await book(admin, p1, doctorA, '11:30'), await book(admin, p2, doctorA, '12:00')];
    expect((await t.api(perawat).post('/api/service/visitreminder/send', { date: TOMORROW })).status).toBe(403);
    const all = await t.api(admin).post('/api/service/visitreminder/send', { date: TOMORROW });
    expect(all.status).toBe(200);
    // The first test's reservation (08:00) and the two new ones; the one without a phone and those reminded skip.
    expect(all.body.data.queued).toBe(3);
    const list = (await t.api(admin).get(`/api/service/visitreminder?date=${TOMORROW}`)).body.data as {
      kind: string;
      id: number;
      delivery: { id: number } | null;
    }[];
    for (const id of ids) {
      const d = list.find((x) => x.kind === 'reservation' && x.id === id)!.delivery!;
      await waitFor(d.id, 'sent');
    }
    const again = await t.api(admin).post('/api/service/visitreminder/send', { date: TOMORROW });
    expect(again.body.data.queued).toBe(0);
    expect(received.filter((r) => r.body.target === '6281700000006')).toHaveLength(1);
  }, 90_000);

  it('checks the address again at send time: a stored URL now internal is refused, reaching nothing', async () => {
    // As if the DNS answer had changed since the save (or the row predates the check): this machine, another port.
    const [g] = await queryRows<{ url: string }>(
      t.db,
      sql`select url from reminder_gateway where profile_id = ${branchA}`,
    );
    await t.db.execute(
      sql`update reminder_gateway set url = ${gatewayUrl.replace('http://', 'https://').replace(/:\d+/, ':1')} where profile_id = ${branchA}`,
    );
    const patient = await t.makePatient(branchA, { name: 'Alamat Internal', phone: '081900000009' });
    const id = await book(admin, patient, doctorA, '13:00');
    const res = await t.api(admin).post(`/api/service/visitreminder/reservation/${id}/send`);
    expect(res.status).toBe(201);
    const failed = await waitFor(res.body.data.id, 'failed', 90_000);
    expect(failed.last_error).toBe('Gateway ditolak: Alamat gateway mengarah ke jaringan internal dan tidak diizinkan');
    expect(received.filter((r) => r.body.target === '6281900000009')).toHaveLength(0);
    await t.db.execute(sql`update reminder_gateway set url = ${g.url} where profile_id = ${branchA}`);
  }, 120_000);

  it('sends nothing once the gateway is switched off; the links stay', async () => {
    expect((await t.api(manager).put('/api/service/visitreminder/gateway', settings({ enabled: false }))).status).toBe(
      200,
    );
    const list = await t.api(admin).get(`/api/service/visitreminder?date=${TOMORROW}`);
    expect(list.body.gateway).toBe(false);
    expect(list.body.data.every((r: { wa_link: string | null; phone: string | null }) => !r.phone || r.wa_link)).toBe(
      true,
    );
    const patient = await t.makePatient(branchA, { name: 'Sesudah Mati', phone: '081800000008' });
    const id = await book(admin, patient, doctorA, '12:30');
    expect((await t.api(admin).post(`/api/service/visitreminder/reservation/${id}/send`)).status).toBe(409);
    expect((await t.api(admin).post('/api/service/visitreminder/send', {})).status).toBe(409);
  });
});
