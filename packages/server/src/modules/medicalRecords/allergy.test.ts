/**
 * Allergies stop a wrong prescription (issue 26 item 2): prescribing, correcting a prescription, dispensing and
 * substituting a drug that matches a recorded allergy (by name or by its active ingredient, `generic_name`) are
 * refused with a 400 on `allergy_override`, nothing written; with a reason they go through and the reason is kept
 * on the line with who and when.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';
import { stockBranch, stockIn, type StockBranch } from '../../../test/stock-fixtures.js';

let t: TestApp;
let b: StockBranch;
let manager: TestUser;
let dokter: TestUser;
let apoteker: TestUser;
let inv: TestUser;
let patient: number;
let visit: number;
let amoxsan: number;
let para: number;
let cefa: number;

const TABLES = ['rm_prescription', 'rm_entry', 'rm_entry_version', 'dispensing', 'dispensing_item', 'stock_movement'];

async function item(code: string, name: string, generic_name?: string): Promise<number> {
  const res = await t.api(manager).post('/api/master/item', {
    code,
    name,
    unit: 'tablet',
    selling_price: 2000,
    ...(generic_name ? { generic_name } : {}),
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-23T03:00:00Z');
  const branch = await t.makeBranch({ name: 'Klinik Alergi' });
  b = await stockBranch(t, branch);
  manager = await t.makeUser('manager', { branchId: branch });
  dokter = await t.makeUser('dokter', { branchId: branch, name: 'dr. Alergi' });
  apoteker = await t.makeUser('apoteker', { branchId: branch, name: 'Apt. Rani' });
  inv = await t.makeUser('inventory', { branchId: branch, password: null });
  patient = await t.makePatient(branch, { name: 'Pasien Alergi' });
  const v = await t
    .api(manager)
    .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  visit = v.body.data.id as number;
  amoxsan = await item('AMS', 'Amoxsan 500 mg', 'Amoxicillin');
  para = await item('PCT', 'Paracetamol 500 mg', 'Paracetamol');
  cefa = await item('AMX', '  amoxicillin   250 MG  ');
  for (const it of [amoxsan, para, cefa]) await stockIn(t, inv, b.apotek, it, 50, 100_000);
  const alergi = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/alergi`, { allergen: 'Amoxicillin' });
  expect(alergi.status).toBe(201);
});
afterAll(() => t?.close());

describe('prescribing', () => {
  it('the item master keeps the active ingredient (Zat Aktif) as generic_name', async () => {
    const res = await t.api(manager).get(`/api/master/item/${amoxsan}`);
    expect(res.body.data).toMatchObject({ name: 'Amoxsan 500 mg', generic_name: 'Amoxicillin' });
  });

  it('refuses a drug matching an allergy by its ingredient or its name without a reason, writing nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/resep`, {
      items: [
        { item: para, qty: 10, signa: '3x1' },
        { item: amoxsan, qty: 10, signa: '3x1' },
        { item: cefa, qty: 5, signa: '2x1' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      {
        field: 'allergy_override',
        message: 'Pasien alergi Amoxicillin: Amoxsan 500 mg cocok. Isi alasan untuk tetap memberikan obat ini.',
      },
      {
        field: 'allergy_override',
        message: 'Pasien alergi Amoxicillin: amoxicillin 250 MG cocok. Isi alasan untuk tetap memberikan obat ini.',
      },
    ]);
    const blank = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/resep`, {
      items: [{ item: amoxsan, qty: 10, signa: '3x1' }],
      allergy_override: '   ',
    });
    expect(blank.status).toBe(400);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('prescribes with a reason, kept on the matching line only with who and when', async () => {
    const res = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/resep`, {
      items: [
        { item: para, qty: 10, signa: '3x1' },
        { item: amoxsan, qty: 10, signa: '3x1' },
      ],
      allergy_override: 'Riwayat ruam ringan, sudah diuji kulit negatif',
    });
    expect(res.status).toBe(201);
    const [p, a] = res.body.data.items;
    expect(p.current.allergy_override).toBeNull();
    expect(a.current).toMatchObject({
      allergy_override: 'Riwayat ruam ringan, sudah diuji kulit negatif',
      created_by: { id: dokter.id, name: 'dr. Alergi' },
    });
    expect(a.current.created_at).toBeTruthy();
    // A correction to another matching drug needs its own reason; keeping the drug keeps the reason.
    const toCefa = await t
      .api(dokter)
      .put(`/api/rekammedis/resep/${p.id}`, { item: cefa, qty: 5, signa: '2x1', reason: 'Ganti obat', version: 1 });
    expect(toCefa.status).toBe(400);
    expect(toCefa.body[0]).toMatchObject({ field: 'allergy_override' });
    const sameDrug = await t
      .api(dokter)
      .put(`/api/rekammedis/resep/${a.id}`, { item: amoxsan, qty: 6, signa: '3x1', reason: 'Kurangi', version: 1 });
    expect(sameDrug.status).toBe(200);
    expect(sameDrug.body.data.current).toMatchObject({ qty: 6, allergy_override: a.current.allergy_override });
  });
});

describe('dispensing and substituting', () => {
  let resep: number;
  let lines: { id: number; item: number }[];

  beforeAll(async () => {
    const res = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/resep`, {
      items: [
        { item: para, qty: 4, signa: '3x1' },
        { item: amoxsan, qty: 4, signa: '3x1' },
      ],
      allergy_override: 'Dokter: manfaat lebih besar',
    });
    expect(res.status).toBe(201);
    resep = res.body.data.id as number;
  });

  it('shows the allergies and the prescriber’s reason to the pharmacy', async () => {
    const res = await t.api(apoteker).get(`/api/inventory/resep/${resep}`);
    expect(res.status).toBe(200);
    expect(res.body.data.allergies).toEqual(['Amoxicillin']);
    lines = res.body.data.items;
    expect(res.body.data.items[1]).toMatchObject({
      item: amoxsan,
      generic_name: 'Amoxicillin',
      allergy_override: 'Dokter: manfaat lebih besar',
    });
  });

  it('refuses to substitute a drug with one matching the allergy without the pharmacist’s reason', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(apoteker).post('/api/inventory/dispense', {
      resep,
      warehouse: b.apotek,
      items: [{ item: cefa, qty: 4, resep_item: lines[0].id, reason: 'Paracetamol kosong' }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      {
        field: 'allergy_override',
        message: 'Pasien alergi Amoxicillin: amoxicillin 250 MG cocok. Isi alasan untuk tetap memberikan obat ini.',
      },
    ]);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('refuses to dispense the matching drug (the prescriber’s reason is not the pharmacist’s), then dispenses with one', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(apoteker).post('/api/inventory/dispense', { resep, warehouse: b.apotek });
    expect(res.status).toBe(400);
    expect(res.body[0]).toMatchObject({ field: 'allergy_override' });
    expect(res.body[0].message).toContain('Amoxsan 500 mg');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    const ok = await t
      .api(apoteker)
      .post('/api/inventory/dispense', { resep, warehouse: b.apotek, allergy_override: 'Dikonfirmasi ke dokter' });
    expect(ok.status).toBe(201);
    expect(ok.body.data.created_by_name).toBe('Apt. Rani');
    expect(
      ok.body.data.items.map((l: { item: number; allergy_override: string | null }) => [l.item, l.allergy_override]),
    ).toEqual([
      [para, null],
      [amoxsan, 'Dikonfirmasi ke dokter'],
    ]);
  });
});
