import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

// The record lists across patients (filters, pages, branch scope, access per RM_* resource, the access trail) and
// the printouts (resume medis, resep, surat keterangan sakit) read back with pdftotext.
let t: TestApp;
let branchA: number;
let branchB: number;
let manager: TestUser;
let dokter: TestUser;
let dokter2: TestUser;
let perawat: TestUser;
let apoteker: TestUser;
let finance: TestUser;
let multimedia: TestUser;
let owner: TestUser;
let dokterB: TestUser;
let patient: number;
let patient2: number;
let visit1: number;
let visit2: number;
let visitB: number;
let prescription: number;

async function newVisit(branchUser: TestUser, customer: number, doctor: number): Promise<number> {
  const res = await t.api(branchUser).post('/api/service/visit', { customer, doctor, kind: 'tindakan' });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}
async function post(u: TestUser, url: string, body: unknown) {
  const res = await t.api(u).post(url, body);
  if (res.status !== 201 && res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
function pdfText(buf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rm-pdf-')), 'a.pdf');
  fs.writeFileSync(file, buf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-23T03:00:00Z');
  branchA = await t.makeBranch({ name: 'Klinik Daftar A', address: 'Jl. Melati 1', city: 'Jakarta Selatan' });
  branchB = await t.makeBranch({ name: 'Klinik Daftar B' });
  manager = await t.makeUser('manager', { branchId: branchA });
  dokter = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Rina Lestari' });
  dokter2 = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Bayu' });
  perawat = await t.makeUser('perawat', { branchId: branchA, name: 'Ns. Sari' });
  apoteker = await t.makeUser('apoteker', { branchId: branchA });
  finance = await t.makeUser('finance', { branchId: branchA });
  multimedia = await t.makeUser('multimedia', { branchId: branchA });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  dokterB = await t.makeUser('dokter', { branchId: branchB });
  const managerB = await t.makeUser('manager', { branchId: branchB });
  patient = await t.makePatient(branchA, {
    name: 'Budi Daftar',
    idcard: '3174010101900001',
    birth_date: '1990-01-01',
    birth_place: 'Bogor',
    gender: 0,
  });
  patient2 = await t.makePatient(branchA, { name: 'Citra Daftar' });
  const patientB = await t.makePatient(branchB, { name: 'Pasien Cabang B' });
  await t.db.execute(
    sql`insert into doctor_practice (profile_id, doctor_id, sip_number) values (${branchA}, ${dokter.id}, 'SIP/JKT/0042/2025')`,
  );
  const [p] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into perawatan (profile_id, code, name, price, doctor_share)
        values (${branchA}, 'TM-PEEL', 'Chemical Peeling', 75000000, 15000000) returning id`,
  );
  const [obat] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into item (profile_id, code, name, unit, selling_price)
        values (${branchA}, 'OB-DOX', 'Doksisiklin 100 mg', 'kapsul', 350000) returning id`,
  );
  const [sun] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into item (profile_id, code, name, unit, selling_price)
        values (${branchA}, 'IT-SUN', 'Sunscreen SPF 50', 'tube', 12500000) returning id`,
  );
  const [obatB] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into item (profile_id, code, name, unit, selling_price)
        values (${branchB}, 'OB-B', 'Obat B', 'tablet', 100000) returning id`,
  );
  // Visit 1 (dokter, patient), 2026-11-23: SOAP with ICD-10, a treatment with ICD-9-CM, a product, a prescription.
  visit1 = await newVisit(manager, patient, dokter.id);
  await post(dokter, `/api/rekammedis/visit/${visit1}/soap`, {
    subjective: 'Jerawat meradang di pipi',
    objective: 'Papul dan pustul di pipi',
    assessment: 'Akne vulgaris sedang',
    plan: 'Doksisiklin, kontrol 2 minggu',
    vitals: { sistole: 118, diastole: 76, suhu: 36.6 },
    diagnoses: [
      { code: 'L70.0', primary: true },
      { code: 'L81.0', primary: false },
    ],
  });
  await post(dokter, `/api/rekammedis/visit/${visit1}/treatment`, {
    perawatan: Number(p.id),
    qty: 1,
    doctor: dokter.id,
    assistant: perawat.id,
    icd9cm: '86.24',
  });
  await post(perawat, `/api/rekammedis/visit/${visit1}/produk`, { item: Number(sun.id), qty: 2 });
  const rx = await post(dokter, `/api/rekammedis/visit/${visit1}/resep`, {
    items: [{ item: Number(obat.id), qty: 14, signa: '2 x sehari 1 kapsul sesudah makan' }],
  });
  prescription = rx.id as number;
  await post(dokter, `/api/rekammedis/visit/${visit1}/alergi`, { allergen: 'Penisilin' });
  // Visit 2 (dokter2, patient2), a day later: SOAP only.
  t.setNow('2026-11-24T03:00:00Z');
  visit2 = await newVisit(manager, patient2, dokter2.id);
  await post(dokter2, `/api/rekammedis/visit/${visit2}/soap`, {
    subjective: 'Kulit kering',
    diagnoses: [{ code: 'L85.3', primary: true }],
  });
  // Branch B: a record the lists of branch A never show.
  visitB = await newVisit(managerB, patientB, dokterB.id);
  await post(dokterB, `/api/rekammedis/visit/${visitB}/soap`, { subjective: 'Cabang B' });
  await post(dokterB, `/api/rekammedis/visit/${visitB}/resep`, {
    items: [{ item: Number(obatB.id), qty: 1, signa: '1 x 1' }],
  });
});
afterAll(() => t?.close());

describe('GET /api/rekammedis/daftar/{kind}', () => {
  it('lists SOAP notes across patients, newest first, with diagnoses and filters', async () => {
    const all = await t.api(dokter).get('/api/rekammedis/daftar/soap');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.data.map((r: { visit_id: number }) => r.visit_id)).toEqual([visit2, visit1]);
    const first = all.body.data[1];
    expect(first).toMatchObject({
      customer: { id: patient, name: 'Budi Daftar' },
      doctor: { id: dokter.id, name: 'dr. Rina Lestari' },
      branch: { id: branchA, name: 'Klinik Daftar A' },
      subjective: 'Jerawat meradang di pipi',
      version: 1,
      voided: false,
      visit_date: '2026-11-23',
    });
    expect(first.diagnoses).toEqual([
      { code: 'L70.0', name_id: 'Jerawat vulgaris', name_en: 'Acne vulgaris', primary: true },
      expect.objectContaining({ code: 'L81.0', primary: false }),
    ]);
    const byDoctor = await t.api(dokter).get(`/api/rekammedis/daftar/soap?doctor=${dokter2.id}`);
    expect(byDoctor.body.data.map((r: { visit_id: number }) => r.visit_id)).toEqual([visit2]);
    const byPatient = await t.trpc(dokter).medicalLists.soap({ customer: patient });
    expect(byPatient.data.map((r) => r.visit_id)).toEqual([visit1]);
    const byDate = await t.api(dokter).get('/api/rekammedis/daftar/soap?fromdate=2026-11-24&todate=2026-11-24');
    expect(byDate.body.count).toBe(1);
    const byName = await t.api(dokter).get('/api/rekammedis/daftar/soap?keyword=citra');
    expect(byName.body.data.map((r: { visit_id: number }) => r.visit_id)).toEqual([visit2]);
    const doctors = await t.api(apoteker).get('/api/rekammedis/daftar/doctors');
    expect(doctors.body.data.map((d: { name: string }) => d.name)).toEqual(['dr. Bayu', 'dr. Rina Lestari']);
    const paged = await t.api(dokter).get('/api/rekammedis/daftar/soap?limit=1&page=2');
    expect(paged.body).toMatchObject({ count: 2, data: [{ visit_id: visit1 }] });
  });

  it('lists treatments, products, prescription items and photos of their kinds', async () => {
    const tx = await t.api(dokter).get('/api/rekammedis/daftar/treatment');
    expect(tx.body.count).toBe(1);
    expect(tx.body.data[0]).toMatchObject({
      perawatan: { name: 'Chemical Peeling' },
      qty: 1,
      performer: { id: dokter.id },
      assistant: { id: perawat.id, name: 'Ns. Sari' },
      icd9cm: { code: '86.24', name_en: 'Chemosurgery of skin' },
      price: 750000,
    });
    const pr = await t.api(perawat).get('/api/rekammedis/daftar/produk');
    expect(pr.body.data).toEqual([
      expect.objectContaining({ item: { id: expect.any(Number), name: 'Sunscreen SPF 50' }, qty: 2, price: 125000 }),
    ]);
    const rx = await t.api(apoteker).get('/api/rekammedis/daftar/resep');
    expect(rx.body.data).toEqual([
      expect.objectContaining({
        prescription: { id: prescription, code: expect.stringMatching(/^RSP\//), pharmacy_status: 'menunggu' },
        item: expect.objectContaining({ name: 'Doksisiklin 100 mg' }),
        qty: 14,
        signa: '2 x sehari 1 kapsul sesudah makan',
      }),
    ]);
    const foto = await t.api(multimedia).get('/api/rekammedis/daftar/foto');
    expect(foto.body).toEqual({ data: [], count: 0 });
  });

  it('refuses without the kind’s read right (403) and bad filters (400), shows other branches only to top-level users asking', async () => {
    expect((await t.api(finance).get('/api/rekammedis/daftar/soap')).status).toBe(403);
    expect((await t.api(multimedia).get('/api/rekammedis/daftar/soap')).status).toBe(403);
    expect((await t.api(apoteker).get('/api/rekammedis/daftar/soap')).status).toBe(403);
    const bad = await t.api(dokter).get('/api/rekammedis/daftar/soap?fromdate=2026-11-24&todate=2026-11-01');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ field: 'todate', message: 'Tanggal akhir sebelum tanggal awal' }]);
    expect((await t.api(dokter).get('/api/rekammedis/daftar/soap?doctor=abc')).body).toEqual([
      { field: 'doctor', message: 'Dokter tidak valid' },
    ]);
    // A non-top-level user asking for every branch still sees only their own.
    expect((await t.api(dokter).get('/api/rekammedis/daftar/soap?isallbranch=1')).body.count).toBe(2);
    expect((await t.api(dokterB).get('/api/rekammedis/daftar/soap')).body.count).toBe(1);
    const all = await t.api(owner).get('/api/rekammedis/daftar/resep?isallbranch=1');
    expect(all.body.count).toBe(2);
    expect(new Set(all.body.data.map((r: { branch: { id: number } }) => r.branch.id))).toEqual(
      new Set([branchA, branchB]),
    );
    expect((await t.api(owner).get(`/api/rekammedis/daftar/resep?profile_id=${branchB}`)).body.count).toBe(1);
  });

  it('logs every read in the record’s access log: one row per patient, export when taken for Excel', async () => {
    await t.api(dokter).get(`/api/rekammedis/daftar/soap?customer=${patient2}&export=1`);
    const log = await t.api(manager).get(`/api/rekammedis/patient/${patient2}/access`);
    expect(log.status).toBe(200);
    const rows = await queryRows<{ action: string; user_id: number; after: { what: string; visit: number } }>(
      t.db,
      sql`select action, user_id, after from audit_log where entity = 'rekam_medis' and entity_id = ${String(patient2)}
          and after->>'what' like 'daftar_%' order by id`,
    );
    expect(rows.at(-1)).toMatchObject({
      action: 'export',
      user_id: dokter.id,
      after: { what: 'daftar_soap', visit: visit2 },
    });
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });
});

describe('printouts', () => {
  it('prints the resume medis with letterhead, patient, SOAP, ICD-10, treatment, prescription, doctor and SIP', async () => {
    const res = await t.api(dokter).get(`/api/rekammedis/visit/${visit1}/resume.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.raw.rawPayload);
    for (const s of [
      'Klinik Daftar A',
      'RESUME MEDIS',
      'Budi Daftar',
      '3174010101900001',
      'Penisilin',
      'Jerawat meradang di pipi',
      'TD 118/76 mmHg',
      'L70.0',
      'Jerawat vulgaris',
      'Utama',
      'Chemical Peeling',
      'ICD-9-CM 86.24',
      'Doksisiklin 100 mg',
      'dr. Rina Lestari',
      'SIP: SIP/JKT/0042/2025',
    ])
      expect(text).toContain(s);
    const [logged] = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity = 'rekam_medis' and entity_id = ${String(patient)}
          and after->>'what' = 'resume_pdf'`,
    );
    expect(logged).toEqual({ action: 'export' });
  });

  it('prints a prescription and a sick-leave letter with its days and dates', async () => {
    const rx = await t.api(apoteker).get(`/api/rekammedis/prescription/${prescription}/pdf`);
    expect(rx.status).toBe(200);
    const rxText = pdfText(rx.raw.rawPayload);
    for (const s of [
      'RESEP',
      'R/',
      'Doksisiklin 100 mg',
      'No. 14 kapsul',
      '2 x sehari 1 kapsul sesudah makan',
      'Penisilin',
      'SIP/JKT/0042/2025',
    ])
      expect(rxText).toContain(s);
    // A prescription whose every item is voided prints as cancelled: BATAL, what it was, why.
    const [obat] = await queryRows<{ id: number }>(t.db, sql`select id from item where name = 'Doksisiklin 100 mg'`);
    const cancelled = await post(dokter, `/api/rekammedis/visit/${visit1}/resep`, {
      items: [{ item: Number(obat.id), qty: 7, signa: '1 x sehari' }],
    });
    await post(dokter, `/api/rekammedis/resep/${cancelled.items[0].id}/void`, { reason: 'Salah pasien', version: 1 });
    const voided = pdfText(
      (await t.api(apoteker).get(`/api/rekammedis/prescription/${cancelled.id}/pdf`)).raw.rawPayload,
    );
    for (const s of [
      'RESEP - BATAL',
      'RESEP INI DIBATALKAN DAN TIDAK BERLAKU',
      'Salah pasien',
      'Doksisiklin 100 mg',
      'No. 7',
    ])
      expect(voided).toContain(s);
    expect(rxText).not.toContain('BATAL');
    // Issue 25: the letter is issued by the treating doctor for a finished record, stored, and reprinted as stored.
    const url = `/api/rekammedis/visit/${visit1}/surat-sakit`;
    expect((await t.api(dokter).post(url, { days: 3, diagnosis: 1 })).body).toEqual([
      { field: 'visit', message: 'Rekam medis kunjungan ini belum selesai: surat keterangan sakit belum dapat dibuat' },
    ]);
    expect((await t.api(dokter).get(`${url}.pdf`)).status).toBe(404);
    await post(dokter, `/api/rekammedis/visit/${visit1}/finish`, {});
    for (const other of [dokter2, manager, perawat, owner]) {
      const res = await t.api(other).post(url, { days: 3 });
      expect(res.status, other.role).toBe(403);
    }
    expect((await t.api(dokter).get(url)).body).toEqual({ data: null });
    const issued = await t.api(dokter).post(url, { days: 3, diagnosis: 1 });
    expect(issued.status).toBe(201);
    expect(issued.body.data).toMatchObject({
      code: `SKS/${String(branchA).padStart(2, '0')}/202611/0001`,
      visit_id: visit1,
      days: 3,
      from: '2026-11-23',
      to: '2026-11-25',
      diagnosis: 'Jerawat vulgaris (L70.0)',
      doctor: { id: dokter.id, name: 'dr. Rina Lestari' },
    });
    expect((await t.api(dokter).post(url, { days: 30, from: '2026-11-24' })).status).toBe(409);
    const letter = await t.api(dokter).get(`${url}.pdf`);
    expect(letter.status).toBe(200);
    const text = pdfText(letter.raw.rawPayload);
    for (const s of [
      'SURAT KETERANGAN SAKIT',
      issued.body.data.code,
      'Budi Daftar',
      '3 (tiga) hari',
      '23 November 2026',
      '25 November 2026',
      'Jerawat vulgaris (L70.0)',
      'dr. Rina Lestari',
    ])
      expect(text).toContain(s);
    // A reprint days later, by the manager who reads the record: exactly the letter issued.
    t.setNow('2026-12-05T03:00:00Z');
    const again = await t.api(manager).get(`${url}.pdf`);
    expect(pdfText(again.raw.rawPayload)).toBe(text);
    t.setNow('2026-11-24T03:00:00Z');
    const [stored] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from rm_sick_letter where visit_id = ${visit1}`,
    );
    expect(stored.n).toBe(1);
  });

  it('refuses bad input (400), roles without the right (403) and other branches (404)', async () => {
    const count = sql`select (select count(*) from audit_log)::int as a, (select count(*) from rm_sick_letter)::int as l`;
    const before = await queryRows<{ a: number; l: number }>(t.db, count);
    const url = `/api/rekammedis/visit/${visit2}/surat-sakit`;
    expect((await t.api(dokter2).post(url, { days: 0 })).body).toEqual([{ field: 'days', message: 'Minimal 1 hari' }]);
    expect((await t.api(dokter2).post(url, { days: 31 })).status).toBe(400);
    expect((await t.api(dokter2).post(url, { from: '2026-11-20' })).body).toEqual([
      { field: 'from', message: 'Tanggal mulai istirahat tidak boleh sebelum tanggal kunjungan' },
    ]);
    // A rest starting years ahead (or more than three days after the visit) is not certified.
    for (const from of ['2026-11-28', '2029-01-01'])
      expect((await t.api(dokter2).post(url, { from })).body).toEqual([
        { field: 'from', message: 'Tanggal mulai istirahat paling lambat 3 hari sesudah tanggal kunjungan' },
      ]);
    expect((await t.api(perawat).get(`/api/rekammedis/visit/${visit1}/surat-sakit.pdf`)).status).toBe(403);
    expect((await t.api(apoteker).get(`/api/rekammedis/visit/${visit1}/surat-sakit`)).status).toBe(403);
    expect((await t.api(dokterB).post(`/api/rekammedis/visit/${visit1}/surat-sakit`, {})).status).toBe(404);
    expect((await t.api(finance).get(`/api/rekammedis/visit/${visit1}/resume.pdf`)).status).toBe(403);
    expect((await t.api(multimedia).get(`/api/rekammedis/prescription/${prescription}/pdf`)).status).toBe(403);
    expect((await t.api(dokterB).get(`/api/rekammedis/visit/${visit1}/resume.pdf`)).status).toBe(404);
    expect((await t.api(dokterB).get(`/api/rekammedis/prescription/${prescription}/pdf`)).status).toBe(404);
    expect(await queryRows<{ a: number; l: number }>(t.db, count)).toEqual(before);
  });
});
