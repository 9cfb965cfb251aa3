/**
 * The payout run's Excel files (issue 29 item 3): the bank's transfer list (doctor, bank, account number, account
 * holder, net) and the PPh 21 list for the bukti potong (NIK/NPWP, name, gross, DPP 50%, rate, PPh 21, date), of an
 * approved run (an open run's are marked as a draft); another branch 404, a doctor 403.
 */
import { toSen } from '@klinik/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type ApiResponse, type TestApp, type TestUser } from '../../../test/helpers.js';
import { clinic, created, finishedVisit, type Clinic } from '../../../test/sharing-helpers.js';

let t: TestApp;
let A: Clinic;
let fin: TestUser;
let finB: TestUser;
let doc1: TestUser;
let doc2: TestUser;
let runId: number;
const JT = 1_000_000;

async function rows(res: ApiResponse): Promise<unknown[][]> {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0].eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-02-10T03:00:00Z');
  A = await clinic(t, 'Klinik Ekspor');
  const B = await clinic(t, 'Klinik Ekspor B');
  fin = await t.makeUser('finance', { branchId: A.branch });
  finB = await t.makeUser('finance', { branchId: B.branch });
  doc1 = await t.makeUser('dokter', { branchId: A.branch, name: 'dr. Rekening' });
  doc2 = await t.makeUser('dokter', { branchId: A.branch, name: 'dr. Tanpa Rekening' });
  await t.db.execute(
    sql`insert into employee (user_id, profile_id, employment, nik, npwp, bank_name, bank_account, bank_holder)
        values (${doc1.id}, ${A.branch}, 'bukan_pegawai', '3171234567890123', '012345678901000', 'BCA', '1234567890', 'Rekening Dokter')`,
  );
  const patient = await t.makePatient(A.branch, { name: 'Pasien Ekspor', username: 'RM02900099' });
  const tm = await created(t, A.admin, '/api/master/tindakanmedis', {
    code: 'TM-EX',
    name: 'Tindakan',
    price: 0,
    doctor_share: 0,
  });
  await created(t, fin, '/api/finance/sharing/rules', {
    branch: A.branch,
    kind: 'percent',
    value: 50,
    effective_from: '2026-01-01',
  });
  for (const [doc, rp] of [
    [doc1, 20 * JT],
    [doc2, 4 * JT],
  ] as const) {
    const v = await finishedVisit(t, A, patient, doc, { perawatan: tm, price: toSen(rp) });
    const r = await t.api(A.admin).post('/api/kasir/payment', { visit: v, payments: [{ method: A.cash, amount: rp }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  const r = await t
    .api(fin)
    .post('/api/finance/sharing/runs', { period: '2026-02' }, { 'idempotency-key': 'ekspor-02' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  runId = r.body.data.id;
});
afterAll(() => t.close());

describe('payout run exports', () => {
  it('are a draft while the run is open, refused to a doctor and to another branch', async () => {
    const draft = await t.api(fin).get(`/api/finance/sharing/runs/${runId}/bank`);
    expect(draft.headers['content-disposition']).toContain('draf-transfer-jasa-dokter-2026-02');
    expect((await rows(draft)).slice(1).every((r) => String(r[5]).includes('BELUM DISETUJUI'))).toBe(true);
    const tax = await rows(await t.api(fin).get(`/api/finance/sharing/runs/${runId}/bupot`));
    expect(tax.slice(1).every((r) => String(r[12]).includes('BELUM DISETUJUI'))).toBe(true);
    expect((await t.api(doc1).get(`/api/finance/sharing/runs/${runId}/bank`)).status).toBe(403);
    expect((await t.api(finB).get(`/api/finance/sharing/runs/${runId}/bupot`)).status).toBe(404);
  });

  it('give the bank its transfer list and the tax office its PPh 21 list once approved', async () => {
    expect((await t.api(fin).post(`/api/finance/sharing/runs/${runId}/approve`, {})).status).toBe(202);
    expect((await t.api(A.manager).post(`/api/finance/sharing/runs/${runId}/approve`, {})).status).toBe(200);
    const bank = await rows(await t.api(fin).get(`/api/finance/sharing/runs/${runId}/bank`));
    expect(bank[0]).toEqual(['Dokter', 'Bank', 'No. Rekening', 'Nama Rekening', 'Neto', 'Keterangan']);
    // doc1: 10.000.000 with NIK: DPP 5.000.000 x 5% = 250.000; doc2: 2.000.000 without: 50.000 + 20% = 60.000.
    expect(bank.slice(1).sort()).toEqual(
      [
        ['dr. Rekening', 'BCA', '1234567890', 'Rekening Dokter', 9_750_000, 'Jasa dokter 2026-02'],
        ['dr. Tanpa Rekening', '', '', '', 1_940_000, 'Jasa dokter 2026-02'],
      ].sort(),
    );
    const bupot = await rows(await t.api(fin).get(`/api/finance/sharing/runs/${runId}/bupot`));
    expect(bupot[0]).toContain('DPP (50%)');
    const byName = new Map(bupot.slice(1).map((r) => [r[3], r]));
    expect(byName.get('dr. Rekening')).toEqual([
      2,
      2026,
      '3171234567890123',
      'dr. Rekening',
      '21-100-07',
      10 * JT,
      10 * JT,
      5 * JT,
      5,
      0,
      250_000,
      '10/02/2026',
      '',
    ]);
    expect(byName.get('dr. Tanpa Rekening')).toEqual([
      2,
      2026,
      '',
      'dr. Tanpa Rekening',
      '21-100-07',
      2 * JT,
      2 * JT,
      1 * JT,
      5,
      20,
      60_000,
      '10/02/2026',
      'Tanpa NPWP/NIK',
    ]);
  });
});
