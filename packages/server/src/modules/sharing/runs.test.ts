/**
 * Doctor payout runs through REST (issue 29 item 3): a February run approved by a second person and paid through
 * Transaksi Hutang; a void after the payout clawed back in the March run of two doctors, whose PPh 21 is checked to
 * the rupiah against hand-computed PMK 168/2023 cases (with and without NPWP); the withholding journal balanced and
 * the payables sub-ledger equal to 2102 and 2201; idempotency, one open run per month, a line excluded with a
 * reason, the fee slip PDF, bad input, another branch and a doctor refused.
 */
import { toSen, fromSen, asSen } from '@klinik/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { clinic, created, finishedVisit, voidPayment, type Clinic } from '../../../test/sharing-helpers.js';
import { queryRows } from '../../db/client.js';
import { runSlipHtml } from './slip.js';

let t: TestApp;
let A: Clinic;
let B: Clinic;
let fin: TestUser;
let finB: TestUser;
let doc1: TestUser;
let doc2: TestUser;
let patient: number;
let tm: number;
let febPayment: number;
let febRun: number;
let marRun: number;
const JT = 1_000_000;

async function visitPaid(doc: TestUser, rupiah: number): Promise<number> {
  const v = await finishedVisit(t, A, patient, doc, { perawatan: tm, price: toSen(rupiah) });
  const r = await t
    .api(A.admin)
    .post('/api/kasir/payment', { visit: v, payments: [{ method: A.cash, amount: rupiah }] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.id as number;
}

async function requestAndApprove(runId: number) {
  const asked = await t.api(fin).post(`/api/finance/sharing/runs/${runId}/approve`, {});
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  const own = await t.api(fin).post(`/api/finance/sharing/runs/${runId}/approve`, {});
  expect(own.status).toBe(403);
  const waiting = (await t.api(fin).get(`/api/finance/sharing/runs/${runId}`)).body.data;
  expect(waiting.requested_by).toBe(fin.id);
  const ok = await t.api(A.manager).post(`/api/finance/sharing/runs/${runId}/approve`, {});
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  expect(ok.body.data).toMatchObject({ status: 'approved', approved_by: A.manager.id });
  return ok.body.data;
}

/** The branch's ledger balance of an account (credit - debit, sen) and its open sub-ledger items. */
async function ledgerVsItems(code: string) {
  const [l] = await queryRows<{ s: string }>(
    t.db,
    sql`select coalesce(sum(d.credit - d.debit), 0)::text as s from jurnal_detail d join jurnal j on j.id = d.jurnal_id
        join akun a on a.id = d.akun_id where j.profile_id = ${A.branch} and a.code = ${code}`,
  );
  const [i] = await queryRows<{ s: string }>(
    t.db,
    sql`select coalesce(sum(h.amount - h.paid), 0)::text as s from hutang_item h join akun a on a.id = h.akun_id
        where h.profile_id = ${A.branch} and a.code = ${code} and h.status <> 'cancelled'`,
  );
  return [Number(l.s), Number(i.s)];
}

async function openItems(doctor: number) {
  return queryRows<{ id: number; open: string }>(
    t.db,
    sql`select id, (amount - paid)::text as open from hutang_item
        where profile_id = ${A.branch} and party_type = 'doctor' and party_id = ${doctor} and status = 'open' order by id`,
  );
}

async function payDoctor(doctor: number, date: string, key: string) {
  const items = await openItems(doctor);
  const r = await t.api(fin).post(
    '/api/finance/hutang/payments',
    {
      party_type: 'doctor',
      party: doctor,
      method: A.cash,
      date,
      allocations: items.map((i) => ({ item: Number(i.id), amount: fromSen(asSen(Number(i.open))) })),
    },
    { 'idempotency-key': key },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return items.reduce((s, i) => s + Number(i.open), 0);
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-02-10T03:00:00Z');
  A = await clinic(t, 'Klinik Payout A');
  B = await clinic(t, 'Klinik Payout B');
  fin = await t.makeUser('finance', { branchId: A.branch, name: 'Fina Payout' });
  finB = await t.makeUser('finance', { branchId: B.branch });
  doc1 = await t.makeUser('dokter', { branchId: A.branch, name: 'dr. Ber NPWP' });
  doc2 = await t.makeUser('dokter', { branchId: A.branch, name: 'dr. Tanpa NPWP' });
  // doc1 has an NPWP on the employee record (as payroll reads it); doc2 has none.
  await t.db.execute(
    sql`insert into employee (user_id, profile_id, employment, npwp) values (${doc1.id}, ${A.branch}, 'bukan_pegawai', '012345678901000')`,
  );
  patient = await t.makePatient(A.branch, { name: 'Pasien Payout', username: 'RM02900077' });
  tm = await created(t, A.admin, '/api/master/tindakanmedis', {
    code: 'TM-PO',
    name: 'Tindakan',
    price: 0,
    doctor_share: 0,
  });
  // Every doctor of the branch: 100% of the list price, so a line's share is its price.
  await created(t, fin, '/api/finance/sharing/rules', {
    branch: A.branch,
    kind: 'percent',
    value: 100,
    effective_from: '2026-01-01',
  });
  febPayment = await visitPaid(doc1, 10 * JT);
});
afterAll(() => t.close());

describe('doctor payout runs', () => {
  it('refuses bad input with a message on the field, another branch and a doctor', async () => {
    const bad = await t.api(fin).post('/api/finance/sharing/runs', { period: '2026-13' });
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toMatchObject({ field: 'period' });
    const cut = await t.api(fin).post('/api/finance/sharing/runs', { period: '2026-02', cutoff: '2026-01-31' });
    expect(cut.status).toBe(400);
    expect(cut.body[0]).toMatchObject({ field: 'cutoff' });
    const future = await t.api(fin).post('/api/finance/sharing/runs', { period: '2026-05' });
    expect(future.status).toBe(400);
    const empty = await t.api(finB).post('/api/finance/sharing/runs', { period: '2026-02' });
    expect(empty.status).toBe(400);
    expect((await t.api(doc1).get('/api/finance/sharing/runs')).status).toBe(403);
    expect((await t.api(doc1).post('/api/finance/sharing/runs', { period: '2026-02' })).status).toBe(403);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sharing_run`);
    expect(n).toBe(0);
  });

  it('computes February once per Idempotency-Key; a second open run of the month is 409', async () => {
    const headers = { 'idempotency-key': 'jasa-dokter-2026-02' };
    const r = await t.api(fin).post('/api/finance/sharing/runs', { period: '2026-02' }, headers);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const again = await t.api(fin).post('/api/finance/sharing/runs', { period: '2026-02' }, headers);
    expect(again.body.data.id).toBe(r.body.data.id);
    const other = await t
      .api(fin)
      .post('/api/finance/sharing/runs', { period: '2026-02' }, { 'idempotency-key': 'jasa-dokter-2026-02-lain' });
    expect(other.status).toBe(409);
    febRun = r.body.data.id;
    // 10.000.000 with NPWP: DPP 5.000.000 x 5% = 250.000.
    expect(r.body.data).toMatchObject({ status: 'open', cutoff: '2026-02-10' });
    expect(r.body.data.doctors).toEqual([
      expect.objectContaining({ doctor: doc1.id, gross: 10 * JT, tax_base: 10 * JT, pph21: 250_000, net: 9_750_000 }),
    ]);
    expect((await t.api(finB).get(`/api/finance/sharing/runs/${febRun}`)).status).toBe(404);
    expect((await t.api(finB).post(`/api/finance/sharing/runs/${febRun}/approve`, {})).status).toBe(404);
  });

  it('is approved by a second person: PPh 21 moves from Hutang Dokter to Hutang PPh 21; paid by Transaksi Hutang', async () => {
    const done = await requestAndApprove(febRun);
    const j = await queryRows<{ code: string; debit: string; credit: string }>(
      t.db,
      sql`select a.code, d.debit::text, d.credit::text from jurnal_detail d join akun a on a.id = d.akun_id
          where d.jurnal_id = ${done.jurnal_id} order by d.id`,
    );
    expect(j.map((x) => [x.code, Number(x.debit), Number(x.credit)])).toEqual([
      ['2102', 25_000_000, 0],
      ['2201', 0, 25_000_000],
    ]);
    const [tax] = await queryRows<{ tax: string; masa: string; recipient_id: number }>(
      t.db,
      sql`select tax, masa, recipient_id from hutang_item where source_type = 'sharing_run' and source_id = ${String(febRun)} and party_type = 'pajak'`,
    );
    expect(tax).toMatchObject({ tax: 'pph_doctor', masa: '2026-02', recipient_id: doc1.id });
    const [line] = await queryRows<{ status: string; run_id: number }>(
      t.db,
      sql`select status, run_id from sharing_line where payment_id = ${febPayment}`,
    );
    expect(line).toEqual({ status: 'paid', run_id: febRun });
    // The doctor's open items net to the net pay, which the payables payment pays.
    expect(await payDoctor(doc1.id, '2026-02-10', 'bayar-dr1-feb')).toBe(975_000_000);
    for (const code of ['2102', '2201']) {
      const [ledger, items] = await ledgerVsItems(code);
      expect(items, code).toBe(ledger);
    }
    const again = await t.api(A.manager).post(`/api/finance/sharing/runs/${febRun}/approve`, {});
    expect(again.status).toBe(409);
  });

  it('March: the void after the payout is clawed back; PPh 21 to the rupiah with and without NPWP', async () => {
    t.setNow('2026-03-20T03:00:00Z');
    await voidPayment(t, A, febPayment, 'Refund pasien');
    await visitPaid(doc1, 140 * JT);
    await visitPaid(doc2, 20 * JT);
    const extra = await visitPaid(doc2, 1 * JT);
    const r = await t
      .api(fin)
      .post('/api/finance/sharing/runs', { period: '2026-03' }, { 'idempotency-key': 'jasa-dokter-2026-03' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    marRun = r.body.data.id;
    // Exclude doc2's small line with a reason: it waits for a later run.
    const [small] = await queryRows<{ id: number }>(t.db, sql`select id from sharing_line where payment_id = ${extra}`);
    const noReason = await t.api(fin).post(`/api/finance/sharing/runs/${marRun}/exclude`, { line: small.id });
    expect(noReason.status).toBe(400);
    expect(noReason.body[0]).toMatchObject({ field: 'reason' });
    const ex = await t
      .api(fin)
      .post(`/api/finance/sharing/runs/${marRun}/exclude`, { line: small.id, reason: 'Tindakan masih diperiksa' });
    expect(ex.status, JSON.stringify(ex.body)).toBe(200);
    expect(ex.body.data.excluded).toEqual([{ line: small.id, reason: 'Tindakan masih diperiksa' }]);
    const byDoc = (d: TestUser) => ex.body.data.doctors.find((x: { doctor: number }) => x.doctor === d.id);
    // doc1: 140.000.000 - 10.000.000 clawed back = 130.000.000; DPP 65.000.000:
    // 60.000.000 x 5% + 5.000.000 x 15% = 3.750.000.
    expect(byDoc(doc1)).toMatchObject({
      gross: 130 * JT,
      tax_base: 130 * JT,
      dpp: 65 * JT,
      pph21: 3_750_000,
      net: 126_250_000,
    });
    expect(
      byDoc(doc1)
        .lines.map((l: { share: number }) => l.share)
        .sort(),
    ).toEqual([-10 * JT, 140 * JT].sort());
    // doc2 without NPWP/NIK: DPP 10.000.000 x 5% = 500.000, +20% = 600.000.
    expect(byDoc(doc2)).toMatchObject({ gross: 20 * JT, pph21: 600_000, surcharge: 20, net: 19_400_000 });
    expect(ex.body.data.totals).toEqual({ gross: 150 * JT, pph21: 4_350_000, net: 145_650_000 });
  });

  it('approves March: the journal balances, each doctor is owed the net, the sub-ledger equals the ledger', async () => {
    const done = await requestAndApprove(marRun);
    const [bal] = await queryRows<{ d: string; c: string }>(
      t.db,
      sql`select sum(debit)::text as d, sum(credit)::text as c from jurnal_detail where jurnal_id = ${done.jurnal_id}`,
    );
    expect(bal.d).toBe(bal.c);
    expect(Number(bal.d)).toBe(435_000_000);
    expect(await payDoctor(doc1.id, '2026-03-20', 'bayar-dr1-mar')).toBe(12_625_000_000);
    const owed2 = (await openItems(doc2.id)).reduce((s, i) => s + Number(i.open), 0);
    // doc2's excluded 1.000.000 is still owed, outside the run.
    expect(owed2).toBe(1_940_000_000 + 100_000_000);
    for (const code of ['2102', '2201']) {
      const [ledger, items] = await ledgerVsItems(code);
      expect(items, code).toBe(ledger);
    }
    const list = await t.api(fin).get('/api/finance/sharing/runs?period=2026-03');
    expect(list.body.data.map((x: { id: number; status: string }) => [x.id, x.status])).toEqual([[marRun, 'approved']]);
  });

  it('gives each doctor a fee slip PDF', async () => {
    const r = await t.api(fin).get(`/api/finance/sharing/runs/${marRun}/slip?doctor=${doc2.id}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('application/pdf');
    const run = (await t.api(fin).get(`/api/finance/sharing/runs/${marRun}`)).body.data;
    const html = runSlipHtml(
      { name: 'X', address: null },
      run,
      run.doctors.filter((d: { doctor: number }) => d.doctor === doc2.id),
    );
    expect(html).toContain('600.000');
    expect(html).toContain('19.400.000');
    const missing = await t.api(fin).get(`/api/finance/sharing/runs/${marRun}/slip?doctor=${doc1.id + 999}`);
    expect(missing.status).toBe(400);
    expect((await t.api(doc2).get(`/api/finance/sharing/runs/${marRun}/slip?doctor=${doc2.id}`)).status).toBe(403);
  });
});
