/**
 * A void after a payout run is approved but before the doctor is paid (issue 29 item 2, the open bug of the runs
 * section): the fee is taken back once. The approved run keeps its doctor item (its net stays payable as its slip
 * says), the void books a debit note that the next run's clawback line explains, so paying each run's items pays
 * exactly each slip's net; the payables sub-ledger stays equal to 2102 and 2201.
 */
import { asSen, fromSen, toSen } from '@klinik/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { clinic, created, finishedVisit, voidPayment, type Clinic } from '../../../test/sharing-helpers.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let A: Clinic;
let fin: TestUser;
let doc: TestUser;
let patient: number;
let tm: number;
const JT = 1_000_000;

async function visitPaid(rupiah: number): Promise<number> {
  const v = await finishedVisit(t, A, patient, doc, { perawatan: tm, price: toSen(rupiah) });
  const r = await t
    .api(A.admin)
    .post('/api/kasir/payment', { visit: v, payments: [{ method: A.cash, amount: rupiah }] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.id as number;
}

async function runApproved(period: string) {
  const r = await t.api(fin).post('/api/finance/sharing/runs', { period }, { 'idempotency-key': `run-${period}` });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect((await t.api(fin).post(`/api/finance/sharing/runs/${r.body.data.id}/approve`, {})).status).toBe(202);
  const ok = await t.api(A.manager).post(`/api/finance/sharing/runs/${r.body.data.id}/approve`, {});
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return ok.body.data as { id: number; jurnal_id: number; doctors: { net: number; gross: number }[] };
}

/** The doctor's open items (sen) whose journal is one of the given ones. */
async function itemsOf(jurnals: number[]) {
  return queryRows<{ id: number; open: string }>(
    t.db,
    sql`select h.id, (h.amount - h.paid)::text as open from hutang_item h
        where h.profile_id = ${A.branch} and h.party_type = 'doctor' and h.party_id = ${doc.id}
          and h.status = 'open' and h.jurnal_id in (${sql.join(
            jurnals.map((j) => sql`${j}`),
            sql`, `,
          )}) order by h.id`,
  );
}

async function allOpen() {
  const [r] = await queryRows<{ s: string }>(
    t.db,
    sql`select coalesce(sum(amount - paid), 0)::text as s from hutang_item
        where profile_id = ${A.branch} and party_type = 'doctor' and party_id = ${doc.id} and status = 'open'`,
  );
  return Number(r.s);
}

async function pay(items: { id: number; open: string }[], key: string) {
  const r = await t.api(fin).post(
    '/api/finance/hutang/payments',
    {
      party_type: 'doctor',
      party: doc.id,
      method: A.cash,
      date: await t.ctx(fin).today(),
      allocations: items.map((i) => ({ item: Number(i.id), amount: fromSen(asSen(Number(i.open))) })),
    },
    { 'idempotency-key': key },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

async function ledgerEqualsItems() {
  for (const code of ['2102', '2201']) {
    const [r] = await queryRows<{ l: string; i: string }>(
      t.db,
      sql`select (select coalesce(sum(d.credit - d.debit), 0) from jurnal_detail d join jurnal j on j.id = d.jurnal_id
                  join akun a on a.id = d.akun_id where j.profile_id = ${A.branch} and a.code = ${code})::text as l,
                 (select coalesce(sum(h.amount - h.paid), 0) from hutang_item h join akun a on a.id = h.akun_id
                  where h.profile_id = ${A.branch} and a.code = ${code} and h.status <> 'cancelled')::text as i`,
    );
    expect(r.i, code).toBe(r.l);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-02-10T03:00:00Z');
  A = await clinic(t, 'Klinik Void Run');
  fin = await t.makeUser('finance', { branchId: A.branch });
  doc = await t.makeUser('dokter', { branchId: A.branch, name: 'dr. Void' });
  await t.db.execute(
    sql`insert into employee (user_id, profile_id, employment, npwp) values (${doc.id}, ${A.branch}, 'bukan_pegawai', '012345678901000')`,
  );
  patient = await t.makePatient(A.branch, { name: 'Pasien Void', username: 'RM02900088' });
  tm = await created(t, A.admin, '/api/master/tindakanmedis', {
    code: 'TM-VR',
    name: 'Tindakan',
    price: 0,
    doctor_share: 0,
  });
  await created(t, fin, '/api/finance/sharing/rules', {
    branch: A.branch,
    kind: 'percent',
    value: 100,
    effective_from: '2026-01-01',
  });
});
afterAll(() => t.close());

describe('a void after the run is approved, before the doctor is paid', () => {
  it('takes the fee back once: each run pays what its slip says', async () => {
    const febPayment = await visitPaid(10 * JT);
    const [{ jurnal_id: febJournal }] = await queryRows<{ jurnal_id: number }>(
      t.db,
      sql`select jurnal_id from kasir_payment where id = ${febPayment}`,
    );
    const feb = await runApproved('2026-02');
    // 10.000.000 with NPWP: PPh 21 250.000, net 9.750.000; nobody has paid the doctor yet.
    expect(feb.doctors[0]).toMatchObject({ gross: 10 * JT, net: 9_750_000 });

    t.setNow('2026-03-05T03:00:00Z');
    await voidPayment(t, A, febPayment, 'Refund pasien');
    const [line] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from sharing_line where payment_id = ${febPayment} and share > 0`,
    );
    expect(line.status).toBe('clawed_back');
    // February's items still net to February's slip: the fee item was not cancelled by the void.
    const febItems = await itemsOf([febJournal, feb.jurnal_id]);
    expect(febItems.reduce((s, i) => s + Number(i.open), 0)).toBe(toSen(9_750_000));
    // The void's debit note: the fee is owed back once (February's net less the fee).
    expect(await allOpen()).toBe(toSen(9_750_000 - 10 * JT));
    await ledgerEqualsItems();
    await pay(febItems, 'bayar-feb');

    await visitPaid(140 * JT);
    const mar = await runApproved('2026-03');
    // 140.000.000 - 10.000.000 clawed back: DPP 65.000.000 -> PPh 21 3.750.000, net 126.250.000.
    expect(mar.doctors[0]).toMatchObject({ gross: 130 * JT, net: 126_250_000 });
    // What is left open is exactly March's net: paid in February and March, the doctor got both slips' nets.
    expect(await allOpen()).toBe(toSen(126_250_000));
    await ledgerEqualsItems();
  });
});

describe('a price correction after the payout', () => {
  it('is a void and a new payment at the corrected price: the next run takes back the old share, pays the new', async () => {
    t.setNow('2026-04-10T03:00:00Z');
    const before = await allOpen();
    const aprPayment = await visitPaid(20 * JT);
    const [{ visit_id: visit }] = await queryRows<{ visit_id: number }>(
      t.db,
      sql`select visit_id from kasir_payment where id = ${aprPayment}`,
    );
    const apr = await runApproved('2026-04');
    expect(apr.doctors[0]).toMatchObject({ gross: 20 * JT, net: 19_500_000 });
    await pay(await itemsOf([...(await journalsOf(aprPayment)), apr.jurnal_id]), 'bayar-apr');
    expect(await allOpen()).toBe(before);

    // May: the treatment was billed at 20.000.000 instead of 15.000.000; the till corrects it by a void and a new
    // payment of the corrected bill (the till has no partial refund of a line).
    t.setNow('2026-05-06T03:00:00Z');
    await voidPayment(t, A, aprPayment, 'Koreksi harga');
    // The record's treatment line corrected (a new version, as the EMR appends it).
    await t.db.execute(
      sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, created_by, perawatan_id, doctor_id, qty, price, doctor_share, reason)
          select profile_id, entry_id, kind, 2, 'correct', created_by, perawatan_id, doctor_id, qty, ${toSen(15 * JT)}, doctor_share, 'Harga salah'
          from rm_entry_version where entry_id in (select id from rm_entry where visit_id = ${visit})`,
    );
    const again = await t
      .api(A.admin)
      .post('/api/kasir/payment', { visit, payments: [{ method: A.cash, amount: 15 * JT }] });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    await visitPaid(30 * JT);
    const may = await runApproved('2026-05');
    // 30.000.000 + 15.000.000 - 20.000.000 = 25.000.000: DPP 12.500.000 x 5% = 625.000.
    expect(may.doctors[0]).toMatchObject({ gross: 25 * JT, pph21: 625_000, net: 24_375_000 });
    expect(await allOpen()).toBe(before + toSen(24_375_000));
    await ledgerEqualsItems();
  });
});

async function journalsOf(paymentId: number): Promise<number[]> {
  const rows = await queryRows<{ jurnal_id: number }>(
    t.db,
    sql`select jurnal_id from kasir_payment where id = ${paymentId}`,
  );
  return rows.map((r) => Number(r.jurnal_id));
}
