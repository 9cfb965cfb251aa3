import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

// The 'Form Lab' section of a visit's record: lab forms of the branch's lab master ordered with a quantity and a
// note, at the master's price at the visit; the same rules as the other sections (400 next to the field with
// nothing written, 403 without the right, 404 for another branch's visit, corrections with a reason after
// finishing, voids that keep the entry, versions never erased).
let t: TestApp;
let branchA: number;
let branchB: number;
let manager: TestUser;
let dokter: TestUser;
let perawat: TestUser;
let apoteker: TestUser;
let dokterB: TestUser;
let patient: number;
let darah: number;
let urin: number;
let inactive: number;
let labB: number;

const RM_TABLES = ['rm_record', 'rm_entry', 'rm_entry_version'];

async function newVisit(customer = patient, doctor = dokter.id): Promise<number> {
  const res = await t.api(manager).post('/api/service/visit', { customer, doctor, kind: 'konsultasi' });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

async function formLab(branch: number, code: string, name: string, priceSen: number, status = 1): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into form_lab (profile_id, code, name, price, status)
        values (${branch}, ${code}, ${name}, ${priceSen}, ${status}) returning id`,
  );
  return Number(r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-23T03:00:00Z');
  branchA = await t.makeBranch({ name: 'Klinik Lab A' });
  branchB = await t.makeBranch({ name: 'Klinik Lab B' });
  manager = await t.makeUser('manager', { branchId: branchA });
  dokter = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Lestari' });
  perawat = await t.makeUser('perawat', { branchId: branchA, name: 'Ns. Wulan' });
  apoteker = await t.makeUser('apoteker', { branchId: branchA });
  dokterB = await t.makeUser('dokter', { branchId: branchB });
  patient = await t.makePatient(branchA, { name: 'Sari Lab' });
  darah = await formLab(branchA, 'LAB-DL', 'Darah Lengkap', 12500000);
  urin = await formLab(branchA, 'LAB-UR', 'Urinalisis', 8000000);
  inactive = await formLab(branchA, 'LAB-OLD', 'Form Lama', 5000000, 0);
  labB = await formLab(branchB, 'LAB-DL', 'Darah Lengkap B', 9900000);
});
afterAll(() => t?.close());

describe('the Form Lab section', () => {
  it('offers the active lab forms of the branch with their price, searchable', async () => {
    const all = await t.api(dokter).get('/api/rekammedis/options/lab');
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual([
      { id: darah, code: 'LAB-DL', name: 'Darah Lengkap', price: 125000 },
      { id: urin, code: 'LAB-UR', name: 'Urinalisis', price: 80000 },
    ]);
    const found = await t.api(perawat).get('/api/rekammedis/options/lab?keyword=urin');
    expect(found.body.data.map((o: { id: number }) => o.id)).toEqual([urin]);
    expect((await t.api(dokterB).get('/api/rekammedis/options/lab')).body.data).toEqual([
      { id: labB, code: 'LAB-DL', name: 'Darah Lengkap B', price: 99000 },
    ]);
  });

  it('answers 400 in Indonesian next to the field and writes nothing', async () => {
    const visit = await newVisit();
    const before = await countRows(t.db, ...RM_TABLES);
    const empty = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/lab`, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toContainEqual(expect.objectContaining({ field: 'form_lab', message: 'Pilih form lab' }));
    expect(empty.body).toContainEqual(expect.objectContaining({ field: 'qty', message: 'Jumlah wajib diisi' }));
    const zero = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/lab`, { form_lab: darah, qty: 0 });
    expect(zero.body).toContainEqual(expect.objectContaining({ field: 'qty', message: 'Jumlah minimal 1' }));
    const other = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/lab`, { form_lab: labB, qty: 1 });
    expect(other.status).toBe(400);
    expect(other.body).toEqual([
      expect.objectContaining({ field: 'form_lab', message: 'Form lab tidak ditemukan di cabang ini' }),
    ]);
    const old = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/lab`, { form_lab: inactive, qty: 1 });
    expect(old.body).toEqual([expect.objectContaining({ field: 'form_lab', message: 'Form lab tidak aktif' })]);
    expect(await countRows(t.db, ...RM_TABLES)).toEqual(before);
  });

  it('orders a lab form at the master price of the visit, once per Idempotency-Key, and shows it on the record', async () => {
    const visit = await newVisit();
    const body = { form_lab: darah, qty: 1, note: 'Puasa 8 jam' };
    const r = await t.api(perawat).post(`/api/rekammedis/visit/${visit}/lab`, body, { 'idempotency-key': 'lab-0001' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      kind: 'lab',
      visit_id: visit,
      version: 1,
      voided: false,
      current: {
        action: 'create',
        form_lab: { id: darah, code: 'LAB-DL', name: 'Darah Lengkap' },
        qty: 1,
        price: 125000,
        note: 'Puasa 8 jam',
        created_by: { id: perawat.id, name: 'Ns. Wulan' },
      },
    });
    const again = await t
      .api(perawat)
      .post(`/api/rekammedis/visit/${visit}/lab`, body, { 'idempotency-key': 'lab-0001' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(r.body.data.id);
    // The master's price changes later: the visit keeps the price it was ordered at.
    await t.db.execute(sql`update form_lab set price = 15000000 where id = ${darah}`);
    const rec = await t.api(dokter).get(`/api/rekammedis/visit/${visit}`);
    expect(rec.status).toBe(200);
    expect(rec.body.data.lab).toHaveLength(1);
    expect(rec.body.data.lab[0].current).toMatchObject({ price: 125000, note: 'Puasa 8 jam' });
    expect(rec.body.data.readable).toContain('lab');
    expect(rec.body.data.can.write).toContain('lab');
    // A correction to the same form keeps the visit's price; another form takes its own master price.
    const same = await t
      .api(perawat)
      .put(`/api/rekammedis/lab/${r.body.data.id}`, { form_lab: darah, qty: 2, reason: 'Dua tabung', version: 1 });
    expect(same.status).toBe(200);
    expect(same.body.data.current).toMatchObject({ qty: 2, price: 125000, action: 'correct', note: null });
    const other = await t
      .api(perawat)
      .put(`/api/rekammedis/lab/${r.body.data.id}`, { form_lab: urin, qty: 1, reason: 'Salah form', version: 2 });
    expect(other.body.data.current).toMatchObject({ form_lab: { id: urin }, price: 80000 });
    const hist = await t.api(dokter).get(`/api/rekammedis/lab/${r.body.data.id}/history`);
    expect(hist.body.data.versions.map((v: { action: string }) => v.action)).toEqual(['create', 'correct', 'correct']);
    await t.db.execute(sql`update form_lab set price = 12500000 where id = ${darah}`);
  });

  it('refuses a user without the treatment right (403) and another branch visit (404), writing nothing', async () => {
    const visit = await newVisit();
    const before = await countRows(t.db, ...RM_TABLES);
    const denied = await t.api(apoteker).post(`/api/rekammedis/visit/${visit}/lab`, { form_lab: darah, qty: 1 });
    expect(denied.status).toBe(403);
    const across = await t.api(dokterB).post(`/api/rekammedis/visit/${visit}/lab`, { form_lab: labB, qty: 1 });
    expect(across.status).toBe(404);
    expect(await countRows(t.db, ...RM_TABLES)).toEqual(before);
  });

  it("answers 404 to branch A for branch B's lab entry (correct, void, history), changing nothing", async () => {
    const managerB = await t.makeUser('manager', { branchId: branchB });
    const patientB = await t.makePatient(branchB, { name: 'Pasien Lab B' });
    const v = await t
      .api(managerB)
      .post('/api/service/visit', { customer: patientB, doctor: dokterB.id, kind: 'konsultasi' });
    expect(v.status).toBe(201);
    const e = await t.api(dokterB).post(`/api/rekammedis/visit/${v.body.data.id}/lab`, { form_lab: labB, qty: 1 });
    expect(e.status).toBe(201);
    const id = e.body.data.id as number;
    const before = await countRows(t.db, ...RM_TABLES);
    const reason = 'Perbaikan lintas cabang';
    expect((await t.api(dokter).put(`/api/rekammedis/lab/${id}`, { form_lab: darah, qty: 2, reason })).status).toBe(
      404,
    );
    expect((await t.api(dokter).post(`/api/rekammedis/lab/${id}/void`, { reason })).status).toBe(404);
    expect((await t.api(dokter).get(`/api/rekammedis/lab/${id}/history`)).status).toBe(404);
    expect((await t.api(dokterB).get(`/api/rekammedis/lab/${id}/history`)).status).toBe(200);
    expect(await countRows(t.db, ...RM_TABLES)).toEqual(before);
  });

  it('after finishing: an addition is a correction (the right and a reason); a void keeps the entry', async () => {
    const visit = await newVisit();
    const first = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/lab`, { form_lab: darah, qty: 1 });
    expect(first.status).toBe(201);
    const fin = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/finish`, {});
    expect(fin.status).toBe(200);
    const before = await countRows(t.db, ...RM_TABLES);
    // The nurse orders lab forms but has no correction right: refused once the record is finished.
    const nurse = await t.api(perawat).post(`/api/rekammedis/visit/${visit}/lab`, { form_lab: urin, qty: 1 });
    expect(nurse.status).toBe(403);
    expect(nurse.body[0].message).toBe('Rekam medis sudah selesai: perubahan memerlukan hak perbaikan rekam medis');
    const noReason = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/lab`, { form_lab: urin, qty: 1 });
    expect(noReason.status).toBe(400);
    expect(noReason.body[0]).toMatchObject({ field: 'reason' });
    const noVoid = await t.api(perawat).post(`/api/rekammedis/lab/${first.body.data.id}/void`, { reason: 'Batal' });
    expect(noVoid.status).toBe(403);
    expect(await countRows(t.db, ...RM_TABLES)).toEqual(before);
    const added = await t
      .api(dokter)
      .post(`/api/rekammedis/visit/${visit}/lab`, { form_lab: urin, qty: 1, reason: 'Lupa dicatat' });
    expect(added.status).toBe(201);
    const voided = await t
      .api(dokter)
      .post(`/api/rekammedis/lab/${first.body.data.id}/void`, { reason: 'Pasien menolak' });
    expect(voided.status).toBe(200);
    expect(voided.body.data).toMatchObject({ voided: true, version: 2, current: { action: 'void' } });
    const rec = await t.api(dokter).get(`/api/rekammedis/visit/${visit}`);
    expect(rec.body.data.lab.map((e: { voided: boolean }) => e.voided)).toEqual([true, false]);
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity = 'rm_entry' and entity_id in (${String(first.body.data.id)}, ${String(added.body.data.id)}) order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'add_after_finish', 'void']);
  });

  it('is kept by the database: a lab version needs its form, and versions are never changed', async () => {
    const visit = await newVisit();
    const r = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/lab`, { form_lab: darah, qty: 1 });
    const entry = r.body.data.id as number;
    await expect(
      t.db.execute(sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, reason, qty, price)
        values (${branchA}, ${entry}, 'lab', 2, 'correct', 'tanpa form', 1, 0)`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`update rm_entry_version set price = 0 where entry_id = ${entry}`)).rejects.toThrow();
  });
});
