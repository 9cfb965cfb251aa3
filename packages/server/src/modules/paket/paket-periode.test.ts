import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

/** A package is sold only into an open book: without an active finance period nothing is written (issue 11). */
let t: TestApp;
let branchB: number;
let adminB: TestUser;
let doctorB: number;
let patientB: number;
const TABLES = ['paket_membership', 'paket_membership_slot', 'paket_membership_cicilan', 'jurnal', 'doc_counter'];

beforeAll(async () => {
  t = await createTestApp();
  branchB = await t.makeBranch({ name: 'Cabang Tanpa Periode' });
  adminB = await t.makeUser('admin', { branchId: branchB });
  doctorB = (await t.makeUser('dokter', { branchId: branchB })).id;
  patientB = await t.makePatient(branchB, { name: 'Pasien Cabang B' });
});
afterAll(() => t.close());

describe('registration without a finance period', () => {
  it('refuses to register without an active finance period', async () => {
    const tB = await t.api(adminB).post('/api/paket/type', { name: 'Promo B', type: 1, start_at: '2024-01-01' });
    const tm = await t.api(adminB).post('/api/master/tindakanmedis', { code: 'TM-B', name: 'Facial B', price: 100000 });
    const pk = await t.api(adminB).post('/api/paket', {
      code: 'PB',
      name: 'Paket B',
      paket_type_id: tB.body.data.id,
      active_at: '2024-01-01',
      price: 100000,
      items: [{ type: 1, ref_id: tm.body.data.id, free_slot: 1, expired_duration: 30 }],
    });
    expect(pk.status).toBe(201);
    const before = await countRows(t.db, ...TABLES);
    const res = await t
      .api(adminB)
      .post('/api/paket/membership', { customer: patientB, doctor: doctorB, paket_history_id: pk.body.data.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{ message: 'Periode Pembukuan Aktif belum ada' }]);
    const pdf = await t.api(adminB).get(`/api/paket/export/agreement/${branchB}/${patientB}/${pk.body.data.id}`);
    expect(pdf.status).toBe(400);
    expect(pdf.body).toEqual([{ message: 'Periode Pembukuan Aktif belum ada' }]);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });
});
