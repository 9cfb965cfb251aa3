import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, addMonths, formatRupiah, terbilang, todayIn } from '@klinik/shared';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let admin: TestUser;
let adminB: TestUser;
let finance: TestUser;
let perawat: TestUser;
let doctorA: number;
let doctorB: number;
let patientA: number;
let patientB: number;
let typeId: number;
let facialId: number;
let peelingId: number;
let serumId: number;
let labId: number;

const today = todayIn('Asia/Jakarta');
const TABLES = ['paket_membership', 'paket_membership_slot', 'paket_membership_cicilan', 'jurnal', 'doc_counter'];

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({
    name: 'Klinik Uji Sentosa',
    address: 'Jl. Merdeka No. 1, Bandung',
    phone: '0221234567',
  });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  admin = await t.makeUser('admin', { branchId: branchA, name: 'Putri Admin' });
  adminB = await t.makeUser('admin', { branchId: branchB });
  finance = await t.makeUser('finance', { branchId: branchA });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  doctorA = (await t.makeUser('dokter', { branchId: branchA, name: 'dr. Andi Saputra' })).id;
  doctorB = (await t.makeUser('dokter', { branchId: branchB })).id;
  patientA = await t.makePatient(branchA, {
    name: 'Siti Aminah',
    username: 'RM01000123',
    idcard: '3273014501900001',
    wali_name: 'Budi Wali',
  });
  patientB = await t.makePatient(branchB, { name: 'Pasien Cabang B' });
  await t.db.insert(financePeriode).values({ profile_id: branchA, start_date: '2020-01-01', status: 0 });

  const mk = async (url: string, body: object) => {
    const r = await t.api(admin).post(url, body);
    expect(r.status).toBe(201);
    return r.body.data.id as number;
  };
  facialId = await mk('/api/master/tindakanmedis', {
    code: 'TM-FAC',
    name: 'Facial Brightening',
    price: 500000,
    doctor_share: 100000,
  });
  peelingId = await mk('/api/master/tindakanmedis', {
    code: 'TM-PEEL',
    name: 'Chemical Peeling',
    price: 750000,
    doctor_share: 150000,
  });
  serumId = await mk('/api/master/item', {
    code: 'IT-SER',
    name: 'Serum Vitamin C',
    unit: 'botol',
    category: 'Skincare',
    selling_price: 250000,
  });
  labId = await mk('/api/master/laboratorium', { code: 'LB-DL', name: 'Darah Lengkap', price: 150000 });
  const type = await t
    .api(admin)
    .post('/api/paket/type', { name: 'Promo Glowing', type: 1, start_at: '2024-01-01', end_at: '2099-12-31' });
  expect(type.status).toBe(201);
  typeId = type.body.data.id;
});
afterAll(() => t.close());

function paketBody(over: Record<string, unknown> = {}) {
  return {
    code: 'PKT-GLOW',
    name: 'Paket Glowing 6 Bulan',
    paket_type_id: typeId,
    active_at: '2024-01-01',
    price: 3000000,
    description: 'Perawatan wajah lengkap',
    installment_schema: 1,
    dp_amount: 600000,
    cicilan_amount: 800000,
    cicilan_attempt: 3,
    items: [
      { type: 1, ref_id: facialId, free_slot: 6, expired_duration: 180 },
      { type: 1, ref_id: peelingId, free_slot: 2, expired_duration: 90 },
      { type: 2, ref_id: serumId, free_slot: 1, expired_duration: 30 },
      { type: 3, ref_id: labId, free_slot: 1, expired_duration: 60 },
    ],
    ...over,
  };
}

let paketId: number;
let historyV1: number;
let historyV2: number;

describe('packages and versions', () => {
  it('creates a package with its items (version 1)', async () => {
    const res = await t.api(admin).post('/api/paket', paketBody());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      code: 'PKT-GLOW',
      version: 1,
      is_current: true,
      price: 3000000,
      dp_amount: 600000,
      cicilan_amount: 800000,
      cicilan_attempt: 3,
      installment_schema: 1,
      status: 1,
    });
    expect(res.body.data.pakettypedata).toMatchObject({ name: 'Promo Glowing', type: 1 });
    expect(res.body.data.items).toHaveLength(4);
    paketId = res.body.data.paket_id;
    historyV1 = res.body.data.id;
  });

  it('refuses instalments that do not add up to the price, and says why', async () => {
    const before = await countRows(t.db, 'paket', 'paket_history', 'paket_history_item');
    const res = await t.api(admin).post('/api/paket', paketBody({ code: 'PKT-BAD', cicilan_amount: 700000 }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      {
        field: 'cicilan_amount',
        message: 'DP Rp600.000 + 3 x cicilan Rp700.000 = Rp2.700.000, tidak sama dengan harga paket Rp3.000.000',
      },
    ]);
    const items = await t
      .api(admin)
      .post(
        '/api/paket',
        paketBody({ code: 'PKT-BAD2', items: [{ type: 1, ref_id: 999999, free_slot: 0, expired_duration: 10 }] }),
      );
    expect(items.status).toBe(400);
    expect(items.body).toEqual(
      expect.arrayContaining([{ field: 'items.0.free_slot', message: 'Jumlah slot minimal 1' }]),
    );
    const missing = await t.api(admin).post(
      '/api/paket',
      paketBody({
        code: 'PKT-BAD3',
        items: [{ type: 2, ref_id: facialId + 1000, free_slot: 1, expired_duration: 10 }],
      }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body[0]).toMatchObject({
      field: 'items.0.ref_id',
      message: 'Item tidak ditemukan atau tidak aktif di cabang ini',
    });
    expect((await t.api(admin).post('/api/paket', paketBody())).status).toBe(409);
    expect(await countRows(t.db, 'paket', 'paket_history', 'paket_history_item')).toEqual(before);
  });

  it('turns every change into a new version and keeps the old one', async () => {
    const res = await t
      .api(admin)
      .put(`/api/paket/${paketId}`, paketBody({ price: 3200000, dp_amount: 800000, description: 'Versi 2' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ version: 2, is_current: true, price: 3200000 });
    historyV2 = res.body.data.id;
    const get = await t.api(admin).get(`/api/paket/${paketId}`);
    expect(
      get.body.data.versions.map((v: { version: number; is_current: boolean }) => [v.version, v.is_current]),
    ).toEqual([
      [2, true],
      [1, false],
    ]);
    const old = await t.api(admin).get(`/api/paket/history/${historyV1}`);
    expect(old.body.data).toMatchObject({ price: 3000000, is_current: false });
    // The database itself refuses to edit a version.
    await expect(t.db.execute(sql`update paket_history set price = 1 where id = ${historyV1}`)).rejects.toThrow();
  });

  it('GET /api/paket/history lists current versions with code and type name; historyperawatan the treatments', async () => {
    const list = await t.api(admin).get('/api/paket/history?status=1&keyword=glow');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.data[0]).toMatchObject({
      id: historyV2,
      code: 'PKT-GLOW',
      pakettypedata: { name: 'Promo Glowing' },
    });
    const treatments = await t.api(admin).get(`/api/paket/historyperawatan?paket_history_id=${historyV2}`);
    expect(treatments.status).toBe(200);
    expect(treatments.body.data.map((x: { perawatandata: { name: string } }) => x.perawatandata.name)).toEqual([
      'Facial Brightening',
      'Chemical Peeling',
    ]);
    expect(treatments.body.data[0]).toMatchObject({ type: 1, free_slot: 6, expired_duration: 180 });
    expect((await t.api(admin).get('/api/paket/historyperawatan')).status).toBe(400);
    expect((await t.api(adminB).get(`/api/paket/historyperawatan?paket_history_id=${historyV2}`)).status).toBe(404);
    expect((await t.api(adminB).get('/api/paket/history?status=1')).body.count).toBe(0);
    expect((await t.api(perawat).get('/api/paket/history?status=1')).status).toBe(403);
    expect((await t.api(finance).get('/api/paket/history?status=1')).status).toBe(200);
  });

  it('refuses package changes to roles without MASTER_PAKET and to another branch', async () => {
    const before = await countRows(t.db, 'paket', 'paket_history', 'paket_type');
    expect((await t.api(perawat).post('/api/paket', paketBody({ code: 'X1' }))).status).toBe(403);
    expect((await t.api(perawat).post('/api/paket/type', { name: 'X', type: 1, start_at: '2024-01-01' })).status).toBe(
      403,
    );
    expect((await t.api(adminB).put(`/api/paket/${paketId}`, paketBody())).status).toBe(404);
    expect((await t.api(adminB).get(`/api/paket/${paketId}`)).status).toBe(404);
    expect((await t.api(adminB).post('/api/paket', paketBody({ code: 'PKT-B' }))).status).toBe(400); // type of branch A
    expect((await t.api(admin).post('/api/paket/type', { name: 'X', type: 9, start_at: '2024-13-01' })).status).toBe(
      400,
    );
    expect(await countRows(t.db, 'paket', 'paket_history', 'paket_type')).toEqual(before);
  });
});

describe('registration', () => {
  let code: string;
  let membershipId: number;

  it('registers in one transaction: membership, slots, schedule and journal', async () => {
    const res = await t
      .api(admin)
      .post('/api/paket/membership', { customer: patientA, doctor: doctorA, paket_history_id: historyV1 });
    // Version 1 is no longer on sale.
    expect(res.status).toBe(400);
    expect(res.body[0].field).toBe('paket_history_id');

    const ok = await t
      .api(admin)
      .post(
        '/api/paket/membership',
        { customer: patientA, doctor: doctorA, paket_history_id: historyV2 },
        { 'idempotency-key': 'uji-key-0001' },
      );
    expect(ok.status).toBe(201);
    const m = ok.body.data;
    code = m.code;
    membershipId = m.id;
    expect(code).toMatch(
      new RegExp(`^PKT/${String(branchA).padStart(2, '0')}/${today.slice(0, 7).replace('-', '')}/0001$`),
    );
    expect(m).toMatchObject({
      customer: patientA,
      doctor: doctorA,
      paket_history_id: historyV2,
      price: 3200000,
      registered_at: today,
      status: 1,
    });
    expect(m.slots).toHaveLength(4);
    expect(m.slots[0]).toMatchObject({
      type: 1,
      name: 'Facial Brightening',
      free_slot: 6,
      used_slot: 0,
      left_slot: 6,
      expired_at: addDays(today, 180),
    });
    expect(m.slots.find((s: { type: number }) => s.type === 2)).toMatchObject({
      name: 'Serum Vitamin C',
      expired_at: addDays(today, 30),
    });
    expect(
      m.cicilan.map((c: { label: string; due_date: string; amount: number }) => [c.label, c.due_date, c.amount]),
    ).toEqual([
      ['DP', today, 800000],
      ['Cicilan 1', addMonths(today, 1), 800000],
      ['Cicilan 2', addMonths(today, 2), 800000],
      ['Cicilan 3', addMonths(today, 3), 800000],
    ]);
    const sumSen = m.cicilan.reduce((s: number, c: { amount: number }) => s + Math.round(c.amount * 100), 0);
    expect(sumSen).toBe(320000000);
    expect(m.jurnal_code).toBeTruthy();

    const lines = await queryRows<{
      code: string;
      akun: string;
      debit: string;
      credit: string;
      source_type: string;
      source_id: string;
      memo: string;
    }>(
      t.db,
      sql`select j.code, a.code as akun, d.debit::text, d.credit::text, j.source_type, j.source_id, j.memo
          from jurnal j join jurnal_detail d on d.jurnal_id = j.id join akun a on a.id = d.akun_id
          where j.source_type = 'paket_membership' and j.source_id = ${String(membershipId)} order by d.line_no`,
    );
    expect(lines.map((l) => [l.akun, Number(l.debit), Number(l.credit)])).toEqual([
      ['1130', 320000000, 0],
      ['2301', 0, 320000000],
    ]);
    expect(lines[0].memo).toContain(code);
    expect(lines[0].memo).toContain('Siti Aminah');

    const piutang = await t.api(finance).get('/api/paket/piutang');
    expect(piutang.status).toBe(200);
    expect(piutang.body.data[0]).toMatchObject({
      customer: patientA,
      total: 3200000,
      belum_jatuh_tempo: 3200000,
      memberships: [code],
    });
    const later = await t.api(finance).get(`/api/paket/piutang?asof=${addDays(addMonths(today, 2), 45)}`);
    expect(later.body.data[0]).toMatchObject({ total: 3200000 });
    expect(later.body.data[0].d31_60 + later.body.data[0].d61_90 + later.body.data[0].d90_plus).toBeGreaterThan(0);
  });

  it('answers the first registration for the same Idempotency-Key (another payload: 409), and for a keyless repeat', async () => {
    const before = await countRows(t.db, ...TABLES);
    const again = await t
      .api(admin)
      .post(
        '/api/paket/membership',
        { customer: patientA, doctor: doctorA, paket_history_id: historyV2 },
        { 'idempotency-key': 'uji-key-0001' },
      );
    expect(again.status).toBe(200);
    expect(again.body.data.code).toBe(code);
    const other = await t
      .api(admin)
      .post(
        '/api/paket/membership',
        { customer: patientA, doctor: doctorA + 0, paket_history_id: historyV1 },
        { 'idempotency-key': 'uji-key-0001' },
      );
    expect(other.status).toBe(409);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);

    // Without a key, the same registration within the 2-minute window answers the first keyless one.
    const patient = await t.makePatient(branchA, { name: 'Pasien Tanpa Kunci' });
    const first = await t
      .api(admin)
      .post('/api/paket/membership', { customer: patient, doctor: doctorA, paket_history_id: historyV2 });
    expect(first.status).toBe(201);
    const second = await t
      .api(admin)
      .post('/api/paket/membership', { customer: patient, doctor: doctorA, paket_history_id: historyV2 });
    expect(second.status).toBe(200);
    expect(second.body.data.code).toBe(first.body.data.code);
  });

  it('refuses a doctor or patient of another branch, a non-doctor, bad input and the wrong role, changing nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const post = (u: TestUser, body: object) => t.api(u).post('/api/paket/membership', body);
    const crossDoctor = await post(admin, { customer: patientA, doctor: doctorB, paket_history_id: historyV2 });
    expect(crossDoctor.status).toBe(400);
    expect(crossDoctor.body).toEqual([{ field: 'doctor', message: 'Dokter tidak ditemukan di cabang ini' }]);
    const notDoctor = await post(admin, { customer: patientA, doctor: perawat.id, paket_history_id: historyV2 });
    expect(notDoctor.body).toEqual([{ field: 'doctor', message: 'Dokter tidak ditemukan di cabang ini' }]);
    const crossPatient = await post(admin, { customer: patientB, doctor: doctorA, paket_history_id: historyV2 });
    expect(crossPatient.body).toEqual([{ field: 'customer', message: 'Pasien tidak ditemukan di cabang ini' }]);
    const staffAsPatient = await post(admin, { customer: doctorA, doctor: doctorA, paket_history_id: historyV2 });
    expect(staffAsPatient.status).toBe(400);
    const bad = await post(admin, { customer: '', doctor: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'customer' }),
        expect.objectContaining({ field: 'doctor' }),
        expect.objectContaining({ field: 'paket_history_id', message: 'Paket wajib dipilih' }),
      ]),
    );
    const badKey = await t
      .api(admin)
      .post(
        '/api/paket/membership',
        { customer: patientA, doctor: doctorA, paket_history_id: historyV2 },
        { 'idempotency-key': 'bad key!' },
      );
    expect(badKey.status).toBe(400);
    expect((await post(perawat, { customer: patientA, doctor: doctorA, paket_history_id: historyV2 })).status).toBe(
      403,
    );
    expect((await post(adminB, { customer: patientA, doctor: doctorA, paket_history_id: historyV2 })).status).toBe(400);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('lists sales with filters and shows the detail; other branches see nothing', async () => {
    const list = await t
      .api(admin)
      .get(`/api/paket/membership?fromdate=${today}&todate=${today}&doctor=${doctorA}&status=1&keyword=siti`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.data[0]).toMatchObject({
      customerdata: { name: 'Siti Aminah', username: 'RM01000123' },
      doctordata: { name: 'dr. Andi Saputra' },
      paketdata: { code: 'PKT-GLOW' },
      paid_amount: 0,
      outstanding_amount: 3200000,
    });
    expect((await t.api(admin).get(`/api/paket/membership?fromdate=2001-01-01&todate=2001-01-02`)).body.count).toBe(0);
    const detail = await t.api(finance).get(`/api/paket/membership/${membershipId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.slots).toHaveLength(4);
    expect(detail.body.data.cicilan).toHaveLength(4);
    expect((await t.api(adminB).get(`/api/paket/membership/${membershipId}`)).status).toBe(404);
    expect((await t.api(adminB).get('/api/paket/membership')).body.count).toBe(0);
    expect((await t.api(perawat).get('/api/paket/membership')).status).toBe(403);
    expect((await t.api(perawat).get('/api/paket/piutang')).status).toBe(403);
    expect((await t.api(adminB).get('/api/paket/piutang')).body.count).toBe(0);
    expect((await t.api(admin).get('/api/paket/membership?fromdate=kemarin')).status).toBe(400);
  });

  it('serves registration over tRPC with an idempotency key', async () => {
    const patient = await t.makePatient(branchA, { name: 'Pasien TRPC' });
    const a = await t.trpc(admin).paket.register({
      customer: patient,
      doctor: doctorA,
      paket_history_id: historyV2,
      idempotency_key: 'trpc-key-0001',
    });
    const b = await t.trpc(admin).paket.register({
      customer: patient,
      doctor: doctorA,
      paket_history_id: historyV2,
      idempotency_key: 'trpc-key-0001',
    });
    expect(b.code).toBe(a.code);
    expect(await t.trpc(admin).paket.activePeriod()).toMatchObject({ status: 0 });
    await expect(
      t.trpc(perawat).paket.register({ customer: patient, doctor: doctorA, paket_history_id: historyV2 }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('agreement PDF', () => {
  it('renders the agreement with letterhead, patient, contents, schedule and terbilang', async () => {
    const res = await t
      .api(admin)
      .get(`/api/paket/export/agreement/${branchA}/${patientA}/${historyV1}?doctor=${doctorA}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paket-')), 'a.pdf');
    fs.writeFileSync(file, res.raw.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const s of [
      'Klinik Uji Sentosa',
      'Jl. Merdeka No. 1, Bandung',
      '0221234567',
      'SURAT PERJANJIAN PEMBELIAN PAKET PROMOSI',
      'Siti Aminah',
      'NO RM.',
      'RM01000123',
      'PKT-GLOW',
      'Paket Glowing 6 Bulan',
      'Facial Brightening',
      'Chemical Peeling',
      'Serum Vitamin C (botol)',
      'Darah Lengkap',
      '180 hari',
      formatRupiah(3000000),
      formatRupiah(600000),
      formatRupiah(800000),
      'Cicilan 3',
      terbilang(3000000),
      'dr. Andi Saputra',
      'Budi Wali (Wali)',
      'Putri Admin',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toContain('tiga juta rupiah');
  });

  it('refuses another branch, a foreign patient or doctor, and the wrong role', async () => {
    expect((await t.api(admin).get(`/api/paket/export/agreement/${branchB}/${patientA}/${historyV2}`)).status).toBe(
      404,
    );
    expect((await t.api(admin).get(`/api/paket/export/agreement/${branchA}/${patientB}/${historyV2}`)).status).toBe(
      400,
    );
    expect(
      (await t.api(admin).get(`/api/paket/export/agreement/${branchA}/${patientA}/${historyV2}?doctor=${doctorB}`))
        .status,
    ).toBe(400);
    expect((await t.api(admin).get(`/api/paket/export/agreement/${branchA}/${patientA}/abc`)).status).toBe(400);
    expect((await t.api(perawat).get(`/api/paket/export/agreement/${branchA}/${patientA}/${historyV2}`)).status).toBe(
      403,
    );
  });
});
