import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { defaultPrivileges } from '@klinik/shared';
import { queryRows } from '../../db/client.js';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';

// The record of a visit end to end: allowed calls, 400 next to the field with nothing written, 403 per role, 404
// across branches, finishing (the visit becomes 'selesai'), corrections that keep the original, voids, the history
// oldest first, the database refusing UPDATE/DELETE, and every read in the access log.
let t: TestApp;
let branchA: number;
let branchB: number;
let manager: TestUser;
let admin: TestUser;
let dokter: TestUser;
let dokter2: TestUser;
let perawat: TestUser;
let apoteker: TestUser;
let finance: TestUser;
let dokterB: TestUser;
let patient: number;
let perawatanId: number;
let itemId: number;
let visitId: number;

const RM_TABLES = ['rm_record', 'rm_entry', 'rm_entry_version', 'rm_diagnosis', 'rm_procedure', 'rm_prescription'];

async function newVisit(customer = patient, doctor = dokter.id): Promise<number> {
  const res = await t.api(manager).post('/api/service/visit', { customer, doctor, kind: 'konsultasi' });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

const soap = {
  subjective: 'Batuk pilek 3 hari, demam',
  objective: 'Faring hiperemis',
  assessment: 'ISPA',
  plan: 'Parasetamol, istirahat',
  vitals: { sistole: 120, diastole: 80, nadi: 88, respirasi: 20, suhu: 38.2, spo2: 98, berat: 70, tinggi: 170 },
  diagnoses: [
    { code: 'J06.9', primary: true },
    { code: 'R50.9', primary: false },
  ],
  procedures: [{ code: '89.7' }],
};

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-23T03:00:00Z');
  branchA = await t.makeBranch({ name: 'Klinik RM A' });
  branchB = await t.makeBranch({ name: 'Klinik RM B' });
  manager = await t.makeUser('manager', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA });
  dokter = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Rina' });
  dokter2 = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Bayu' });
  perawat = await t.makeUser('perawat', { branchId: branchA, name: 'Ns. Sari' });
  apoteker = await t.makeUser('apoteker', { branchId: branchA });
  finance = await t.makeUser('finance', { branchId: branchA });
  dokterB = await t.makeUser('dokter', { branchId: branchB });
  patient = await t.makePatient(branchA, { name: 'Budi Rekam' });
  // The ICD-10 and ICD-9-CM codes used here come from the lists the migrations load.
  const [p] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into perawatan (profile_id, code, name, price, doctor_share)
        values (${branchA}, 'TM-01', 'Chemical Peeling', 35000000, 7000000) returning id`,
  );
  perawatanId = Number(p.id);
  const [i] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into item (profile_id, code, name, unit, selling_price)
        values (${branchA}, 'OB-01', 'Parasetamol 500 mg', 'tablet', 150000) returning id`,
  );
  itemId = Number(i.id);
  visitId = await newVisit();
});
afterAll(() => t?.close());

describe('writing a record', () => {
  it('answers 400 in Indonesian next to the field and writes nothing', async () => {
    const before = await countRows(t.db, ...RM_TABLES);
    const empty = await t.api(dokter).post(`/api/rekammedis/visit/${visitId}/soap`, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual([{ field: 'subjective', message: 'Isi minimal satu bagian SOAP atau tanda vital' }]);
    const vitals = await t.api(dokter).post(`/api/rekammedis/visit/${visitId}/soap`, {
      subjective: 'x',
      vitals: { sistole: 400, diastole: 80, suhu: 51 },
    });
    expect(vitals.status).toBe(400);
    expect(vitals.body).toEqual(
      expect.arrayContaining([
        { field: 'vitals.sistole', message: 'Sistole harus 40–300 mmHg' },
        { field: 'vitals.suhu', message: 'Suhu harus 30–45 °C' },
      ]),
    );
    const twoPrimary = await t.api(dokter).post(`/api/rekammedis/visit/${visitId}/soap`, {
      subjective: 'x',
      diagnoses: [
        { code: 'J06.9', primary: true },
        { code: 'R50.9', primary: true },
      ],
    });
    expect(twoPrimary.body).toEqual([{ field: 'diagnoses', message: 'Pilih tepat satu diagnosis utama' }]);
    const unknown = await t.api(dokter).post(`/api/rekammedis/visit/${visitId}/soap`, {
      subjective: 'x',
      diagnoses: [{ code: 'J99.9', primary: true }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual([{ field: 'diagnoses.0.code', message: 'Kode ICD-10 J99.9 tidak dikenal' }]);
    const resep = await t
      .api(dokter)
      .post(`/api/rekammedis/visit/${visitId}/resep`, { items: [{ item: itemId, qty: 0 }] });
    expect(resep.status).toBe(400);
    expect(resep.body).toEqual(
      expect.arrayContaining([
        { field: 'items.0.qty', message: 'Jumlah minimal 1' },
        { field: 'items.0.signa', message: 'Signa wajib diisi' },
      ]),
    );
    const otherItem = await t.api(dokter).post(`/api/rekammedis/visit/${visitId}/produk`, { item: 999999, qty: 1 });
    expect(otherItem.body).toEqual([{ field: 'item', message: 'Item tidak ditemukan di cabang ini' }]);
    expect(await countRows(t.db, ...RM_TABLES)).toEqual(before);
  });

  it('refuses roles without the right (403) and other branches (404), writing nothing', async () => {
    const before = await countRows(t.db, ...RM_TABLES);
    // The admin of the demo has no RM rights by default.
    expect((await t.api(admin).post(`/api/rekammedis/visit/${visitId}/soap`, soap)).status).toBe(403);
    expect((await t.api(admin).get(`/api/rekammedis/visit/${visitId}`)).status).toBe(403);
    expect((await t.api(admin).get(`/api/rekammedis/patient/${patient}`)).status).toBe(403);
    expect((await t.api(finance).get(`/api/rekammedis/visit/${visitId}`)).status).toBe(403);
    expect(
      (
        await t
          .api(perawat)
          .post(`/api/rekammedis/visit/${visitId}/resep`, { items: [{ item: itemId, qty: 1, signa: '3x1' }] })
      ).status,
    ).toBe(403);
    expect((await t.api(apoteker).post(`/api/rekammedis/visit/${visitId}/soap`, soap)).status).toBe(403);
    expect((await t.api(dokterB).get(`/api/rekammedis/visit/${visitId}`)).status).toBe(404);
    expect((await t.api(dokterB).post(`/api/rekammedis/visit/${visitId}/soap`, soap)).status).toBe(404);
    expect((await t.api(dokterB).get(`/api/rekammedis/patient/${patient}`)).status).toBe(404);
    expect(await countRows(t.db, ...RM_TABLES)).toEqual(before);
  });

  it('writes SOAP with vitals, diagnoses and procedures; BMI computed; Idempotency-Key answers the first', async () => {
    const res = await t
      .api(dokter)
      .post(`/api/rekammedis/visit/${visitId}/soap`, soap, { 'Idempotency-Key': 'soap-uji-1' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'soap',
      version: 1,
      voided: false,
      current: {
        version: 1,
        action: 'create',
        subjective: 'Batuk pilek 3 hari, demam',
        vitals: { sistole: 120, diastole: 80, suhu: 38.2, berat: 70, tinggi: 170, bmi: 24.2 },
        diagnoses: [
          { code: 'J06.9', primary: true, name_en: 'Acute upper respiratory infection, unspecified' },
          { code: 'R50.9', primary: false },
        ],
        procedures: [{ code: '89.7', name_id: 'Pemeriksaan Fisik Umum' }],
        created_by: { id: dokter.id, name: 'dr. Rina' },
      },
    });
    const again = await t
      .api(dokter)
      .post(`/api/rekammedis/visit/${visitId}/soap`, soap, { 'Idempotency-Key': 'soap-uji-1' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(res.body.data.id);
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from rm_entry where visit_id = ${visitId}`,
    );
    expect(n.n).toBe(1);
  });

  it("refuses a SOAP note, allergy or prescription sent with a key used on another patient's visit (409, nothing written)", async () => {
    const other = await newVisit(await t.makePatient(branchA, { name: 'Pasien Lain Kunci' }));
    const key = { 'Idempotency-Key': 'soap-uji-1' };
    const before = await countRows(t.db, ...RM_TABLES);
    for (const [path, body] of [
      ['soap', soap],
      ['alergi', { allergen: 'Penisilin' }],
      ['resep', { items: [{ item: itemId, qty: 1, signa: '3x1' }] }],
    ] as const) {
      const r = await t.api(dokter).post(`/api/rekammedis/visit/${other}/${path}`, body, key);
      expect(r.status, path).toBe(409);
      expect(r.body).toEqual([
        { field: 'Idempotency-Key', message: 'Idempotency-Key sudah dipakai untuk permintaan lain.' },
      ]);
    }
    expect(await countRows(t.db, ...RM_TABLES)).toEqual(before);
  });

  it('records treatments with the price at the visit, products, BHP, a prescription and an allergy', async () => {
    const tr = await t.api(perawat).post(`/api/rekammedis/visit/${visitId}/treatment`, {
      perawatan: perawatanId,
      qty: 1,
      doctor: dokter.id,
      assistant: perawat.id,
      icd9cm: '86.3',
    });
    expect(tr.status).toBe(201);
    expect(tr.body.data.current).toMatchObject({
      perawatan: { id: perawatanId, name: 'Chemical Peeling' },
      qty: 1,
      doctor: { id: dokter.id },
      assistant: { id: perawat.id, name: 'Ns. Sari' },
      icd9cm: { code: '86.3' },
      price: 350000,
      doctor_share: 70000,
    });
    const badDoctor = await t
      .api(perawat)
      .post(`/api/rekammedis/visit/${visitId}/treatment`, { perawatan: perawatanId, qty: 1, doctor: perawat.id });
    expect(badDoctor.body).toEqual([{ field: 'doctor', message: 'Dokter tidak ditemukan di cabang ini' }]);
    expect(
      (await t.api(perawat).post(`/api/rekammedis/visit/${visitId}/produk`, { item: itemId, qty: 2 })).status,
    ).toBe(201);
    expect((await t.api(perawat).post(`/api/rekammedis/visit/${visitId}/bhp`, { item: itemId, qty: 1 })).status).toBe(
      201,
    );
    const resep = await t.api(dokter).post(`/api/rekammedis/visit/${visitId}/resep`, {
      items: [
        { item: itemId, qty: 10, signa: '3 x 1 tablet sesudah makan' },
        { item: itemId, qty: 5, signa: 'bila demam' },
      ],
    });
    expect(resep.status).toBe(201);
    expect(resep.body.data).toMatchObject({
      code: `RSP/${String(branchA).padStart(2, '0')}/202611/0001`,
      pharmacy_status: 'menunggu',
    });
    expect(resep.body.data.items).toHaveLength(2);
    expect(resep.body.data.items[0].current).toMatchObject({
      qty: 10,
      signa: '3 x 1 tablet sesudah makan',
      price: 1500,
    });
    const alergi = await t
      .api(perawat)
      .post(`/api/rekammedis/visit/${visitId}/alergi`, { allergen: 'Amoksisilin', note: 'Ruam' });
    expect(alergi.status).toBe(201);

    const rec = await t.api(dokter).get(`/api/rekammedis/visit/${visitId}`);
    expect(rec.status).toBe(200);
    const d = rec.body.data;
    expect(d.record).toMatchObject({ status: 'draft' });
    expect([d.soap.length, d.treatment.length, d.produk.length, d.bhp.length, d.resep.length, d.alergi.length]).toEqual(
      [1, 1, 1, 1, 1, 1],
    );
    expect(d.allergies.map((a: { current: { allergen: string } }) => a.current.allergen)).toEqual(['Amoksisilin']);
    expect(d.can).toMatchObject({ correct: true, finish: true });
  });

  it('lets the apoteker read only the prescription, and the treating doctor read without RM rights', async () => {
    const ap = await t.api(apoteker).get(`/api/rekammedis/visit/${visitId}`);
    expect(ap.status).toBe(200);
    expect(ap.body.data.readable).toEqual(['resep']);
    expect(ap.body.data.soap).toEqual([]);
    expect(ap.body.data.resep).toHaveLength(1);
    const bare = await t.makeUser('dokter', { branchId: branchA, privileges: [] });
    const v = await newVisit(patient, bare.id);
    expect((await t.api(bare).get(`/api/rekammedis/visit/${v}`)).status).toBe(200);
    expect((await t.api(bare).get(`/api/rekammedis/visit/${visitId}`)).status).toBe(403);
    const timeline = await t.api(bare).get(`/api/rekammedis/patient/${patient}`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.data.map((x: { visit: { id: number } }) => x.visit.id)).toEqual([v]);
  });
});

describe('finishing and correcting', () => {
  it('finishes the record and moves the visit to selesai (ready for the cashier); twice is 409', async () => {
    const done = await t.api(dokter).post(`/api/rekammedis/visit/${visitId}/finish`, {});
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ visit: visitId, status: 'finished', visit_status: 'selesai' });
    const [v] = await queryRows<{ status: string }>(t.db, sql`select status from visit where id = ${visitId}`);
    expect(v.status).toBe('selesai');
    const log = await queryRows<{ to_status: string }>(
      t.db,
      sql`select to_status from visit_status_log where visit_id = ${visitId} order by id`,
    );
    expect(log.map((l) => l.to_status)).toEqual(['menunggu', 'dipanggil', 'diperiksa', 'selesai']);
    const twice = await t.api(dokter).post(`/api/rekammedis/visit/${visitId}/finish`, {});
    expect(twice.status).toBe(409);
    expect(twice.body[0].message).toBe('Rekam medis sudah diselesaikan');
    const empty = await newVisit();
    const nothing = await t.api(dokter).post(`/api/rekammedis/visit/${empty}/finish`, {});
    expect(nothing.status).toBe(400);
  });

  it('after finishing, a change needs the correction right and a reason; the original stays', async () => {
    const rec = (await t.api(dokter).get(`/api/rekammedis/visit/${visitId}`)).body.data;
    const soapId = rec.soap[0].id as number;
    const before = await countRows(t.db, ...RM_TABLES);
    // The nurse writes SOAP but has no correction right.
    const nurse = await t.api(perawat).put(`/api/rekammedis/soap/${soapId}`, { ...soap, reason: 'Salah tulis' });
    expect(nurse.status).toBe(403);
    const noReason = await t.api(dokter).put(`/api/rekammedis/soap/${soapId}`, soap);
    expect(noReason.status).toBe(400);
    expect(noReason.body[0].field).toBe('reason');
    // Adding an entry after finishing is a correction too.
    const addNoReason = await t.api(dokter).post(`/api/rekammedis/visit/${visitId}/produk`, { item: itemId, qty: 1 });
    expect(addNoReason.body).toEqual([
      { field: 'reason', message: 'Rekam medis sudah selesai: alasan perbaikan wajib diisi' },
    ]);
    expect(await countRows(t.db, ...RM_TABLES)).toEqual(before);

    const fixed = await t.api(dokter).put(`/api/rekammedis/soap/${soapId}`, {
      ...soap,
      assessment: 'Gastritis',
      diagnoses: [{ code: 'K29.7', primary: true }],
      reason: 'Diagnosis keliru, hasil pemeriksaan ulang',
      version: 1,
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data).toMatchObject({
      id: soapId,
      version: 2,
      current: { version: 2, action: 'correct', assessment: 'Gastritis' },
    });
    expect(fixed.body.data.current.diagnoses).toEqual([
      { code: 'K29.7', primary: true, name_id: 'Gastritis, tidak ditentukan', name_en: 'Gastritis, unspecified' },
    ]);
    const stale = await t
      .api(dokter)
      .put(`/api/rekammedis/soap/${soapId}`, { ...soap, reason: 'Versi lama', version: 1 });
    expect(stale.status).toBe(409);

    const hist = await t.api(dokter).get(`/api/rekammedis/soap/${soapId}/history`);
    expect(hist.status).toBe(200);
    expect(
      hist.body.data.versions.map((v: { version: number; action: string; assessment: string }) => [
        v.version,
        v.action,
        v.assessment,
      ]),
    ).toEqual([
      [1, 'create', 'ISPA'],
      [2, 'correct', 'Gastritis'],
    ]);
    expect(hist.body.data.versions[0].diagnoses.map((x: { code: string }) => x.code)).toEqual(['J06.9', 'R50.9']);
    expect(hist.body.data.versions[1]).toMatchObject({
      reason: 'Diagnosis keliru, hasil pemeriksaan ulang',
      created_by: { id: dokter.id },
    });
  });

  it('voids an entry with a reason: it stays, marked void, and cannot be corrected after', async () => {
    const rec = (await t.api(dokter).get(`/api/rekammedis/visit/${visitId}`)).body.data;
    const trId = rec.treatment[0].id as number;
    const noReason = await t.api(dokter).post(`/api/rekammedis/treatment/${trId}/void`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body[0].field).toBe('reason');
    const v = await t
      .api(dokter)
      .post(`/api/rekammedis/treatment/${trId}/void`, { reason: 'Tindakan tidak jadi dilakukan' });
    expect(v.status).toBe(200);
    expect(v.body.data).toMatchObject({
      id: trId,
      voided: true,
      version: 2,
      current: { action: 'void', reason: 'Tindakan tidak jadi dilakukan', perawatan: { id: perawatanId } },
    });
    const after = (await t.api(dokter).get(`/api/rekammedis/visit/${visitId}`)).body.data;
    expect(after.treatment[0]).toMatchObject({ id: trId, voided: true });
    const again = await t.api(dokter).put(`/api/rekammedis/treatment/${trId}`, {
      perawatan: perawatanId,
      qty: 2,
      doctor: dokter.id,
      reason: 'Setelah batal',
    });
    expect(again.status).toBe(409);
    // A resep item voided: the prescription is cancelled when nothing is left.
    const items = after.resep[0].items as { id: number }[];
    for (const it of items)
      expect((await t.api(dokter).post(`/api/rekammedis/resep/${it.id}/void`, { reason: 'Obat diganti' })).status).toBe(
        200,
      );
    const [p] = await queryRows<{ pharmacy_status: string }>(
      t.db,
      sql`select pharmacy_status from rm_prescription where visit_id = ${visitId}`,
    );
    expect(p.pharmacy_status).toBe('batal');
  });

  it('the database refuses UPDATE and DELETE of the rows the API wrote', async () => {
    const refusal = async (q: ReturnType<typeof sql>) => {
      try {
        await t.db.execute(q);
      } catch (err) {
        const e = err as { message: string; cause?: { message?: string } };
        return e.cause?.message ?? e.message;
      }
      return 'accepted';
    };
    const msg = /Rekam medis tidak dapat diubah atau dihapus/;
    expect(await refusal(sql`update rm_entry_version set assessment = 'diubah langsung' where kind = 'soap'`)).toMatch(
      msg,
    );
    expect(await refusal(sql`delete from rm_entry where visit_id = ${visitId}`)).toMatch(msg);
    expect(await refusal(sql`delete from rm_diagnosis`)).toMatch(msg);
    expect(await refusal(sql`update rm_record set status = 'draft' where visit_id = ${visitId}`)).toMatch(
      /Rekam medis hanya dapat diselesaikan sekali/,
    );
    const [v] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from rm_entry_version where assessment = 'diubah langsung'`,
    );
    expect(v.n).toBe(0);
  });
});

describe('the patient timeline and the access log', () => {
  it('pages the patient visits newest first with their entries', async () => {
    const res = await t.api(dokter).get(`/api/rekammedis/patient/${patient}?page=1&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(3);
    expect(res.body.data).toHaveLength(2);
    const all = await t.api(dokter).get(`/api/rekammedis/patient/${patient}?limit=50`);
    const ids = all.body.data.map((x: { visit: { id: number } }) => x.visit.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const first = all.body.data.find((x: { visit: { id: number } }) => x.visit.id === visitId);
    expect(first.soap[0].current.diagnoses[0].code).toBe('K29.7');
    const bad = await t.api(dokter).get(`/api/rekammedis/patient/${patient}?limit=500`);
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toEqual({ field: 'limit', message: 'Maksimal 50 per halaman' });
  });

  it('logs every read with who, which visit and the IP; the manager sees it, others do not', async () => {
    await t.api(dokter2).get(`/api/rekammedis/visit/${visitId}`);
    const log = await t.api(manager).get(`/api/rekammedis/patient/${patient}/access?limit=100`);
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({
      user: { id: dokter2.id, name: 'dr. Bayu' },
      action: 'visit',
      visit_id: visitId,
    });
    expect(log.body.data[0].ip).toBeTruthy();
    const actions = new Set(log.body.data.map((r: { action: string }) => r.action));
    expect([...actions].sort()).toEqual(['history', 'patient', 'visit']);
    // Refused reads are not reads: the admin's 403 left no row.
    expect(log.body.data.some((r: { user: { id: number } }) => r.user.id === admin.id)).toBe(false);
    expect((await t.api(dokter).get(`/api/rekammedis/patient/${patient}/access`)).status).toBe(403);
    expect((await t.api(admin).get(`/api/rekammedis/patient/${patient}/access`)).status).toBe(403);
  });

  it('the admin reads records once a manager grants RM read', async () => {
    const granted = await t.makeUser('admin', {
      branchId: branchA,
      privileges: [...defaultPrivileges('admin'), { fiturcode: 'RM_DOKUMEN', iscanread: true, iscanmanage: false }],
    });
    const res = await t.api(granted).get(`/api/rekammedis/visit/${visitId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.readable).toEqual(['soap', 'alergi']);
    expect(res.body.data.can.write).toEqual([]);
  });

  it('lets a top-level user read another branch record, others get 404', async () => {
    const owner = await t.makeUser('manager', { branchId: branchB, toplevel: 'owner' });
    expect((await t.api(owner).get(`/api/rekammedis/visit/${visitId}`)).status).toBe(200);
    const tl = await t.api(owner).get(`/api/rekammedis/patient/${patient}?isallbranch=1`);
    expect(tl.status).toBe(200);
    expect(tl.body.count).toBeGreaterThan(0);
    const own = await t.api(owner).get(`/api/rekammedis/patient/${patient}`);
    expect(own.body.count).toBe(0);
    expect((await t.api(dokterB).get(`/api/rekammedis/soap/1/history`)).status).toBe(404);
  });

  it('opens a patient with 700 visits page by page, newest first, under a second', async () => {
    const many = await t.makePatient(branchA, { name: 'Pasien Tujuh Ratus' });
    await t.db
      .execute(sql`insert into visit (profile_id, code, visit_date, queue_number, customer_id, doctor_id, kind, status)
      select ${branchA}, 'KJ-700-' || g, date '2026-11-23' - g, 1, ${many}, ${dokter.id}, 'konsultasi', 'selesai'
        from generate_series(1, 700) g`);
    await t.db
      .execute(sql`insert into rm_record (profile_id, visit_id, customer_id, doctor_id, visit_date, status, finished_at, finished_by)
      select profile_id, id, customer_id, doctor_id, visit_date, 'finished', now(), doctor_id from visit where customer_id = ${many}`);
    await t.db.execute(sql`insert into rm_entry (profile_id, record_id, visit_id, customer_id, kind)
      select profile_id, id, visit_id, customer_id, 'soap' from rm_record where customer_id = ${many}`);
    await t.db
      .execute(sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, subjective, assessment)
      select profile_id, id, 'soap', 1, 'create', 'Kontrol', 'Akne vulgaris' from rm_entry where customer_id = ${many}`);
    const started = Date.now();
    const first = await t.api(dokter).get(`/api/rekammedis/patient/${many}?page=1&limit=10`);
    const firstMs = Date.now() - started;
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(700);
    expect(first.body.data[0].visit.visit_date).toBe('2026-11-22');
    expect(first.body.data[0].soap[0].current.assessment).toBe('Akne vulgaris');
    expect(firstMs).toBeLessThan(1000);
    const last = await t.api(dokter).get(`/api/rekammedis/patient/${many}?page=70&limit=10`);
    expect(last.body.data).toHaveLength(10);
    expect(last.body.data[9].visit.visit_date).toBe('2024-12-23');
  });
});
