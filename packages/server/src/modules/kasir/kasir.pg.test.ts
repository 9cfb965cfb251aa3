/**
 * Races at the till, on PostgreSQL only (the server-pg project): two cashiers paying one bill, a retried request,
 * concurrent instalment payments of one registration. PGlite has one connection and would run them one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayIn } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { makeItem, onHand, stockBranch, stockIn } from '../../../test/stock-fixtures.js';

let t: TestApp;
let branch: number;
let cashiers: TestUser[];
const NAMES = ['Kasir Satu', 'Kasir Dua', 'Kasir Tiga', 'Kasir Empat'];
let doctor: TestUser;
let facialId: number;
let historyId: number;
let cash: number;
let transfer: number;
const today = todayIn('Asia/Jakarta');

async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
  return (await queryRows<T>(t.db, q))[0];
}

async function finishedVisit(customer: number) {
  const v = await t.api(cashiers[0]).post('/api/service/visit', { customer, doctor: doctor.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  const visitId = v.body.data.id as number;
  const rec = await one<{
    id: number;
  }>(sql`insert into rm_record (profile_id, visit_id, customer_id, doctor_id, visit_date, created_by)
    values (${branch}, ${visitId}, ${customer}, ${doctor.id}, ${today}, ${doctor.id}) returning id`);
  const e = await one<{
    id: number;
  }>(sql`insert into rm_entry (profile_id, record_id, visit_id, customer_id, kind, created_by)
    values (${branch}, ${rec.id}, ${visitId}, ${customer}, 'treatment', ${doctor.id}) returning id`);
  await t.db
    .execute(sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, created_by, perawatan_id, doctor_id, qty, price, doctor_share)
    values (${branch}, ${e.id}, 'treatment', 1, 'create', ${doctor.id}, ${facialId}, ${doctor.id}, 1, 50000000, 10000000)`);
  await t.db.execute(
    sql`update rm_record set status = 'finished', finished_at = now(), finished_by = ${doctor.id} where id = ${rec.id}`,
  );
  return visitId;
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Klinik Kasir Serentak' });
  cashiers = [];
  for (const name of NAMES) cashiers.push(await t.makeUser('admin', { branchId: branch, name }));
  doctor = await t.makeUser('dokter', { branchId: branch });
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2020-01-01', status: 0 });
  const facial = await t
    .api(cashiers[0])
    .post('/api/master/tindakanmedis', { code: 'TM-FAC', name: 'Facial', price: 500000, doctor_share: 100000 });
  facialId = facial.body.data.id;
  const type = await t
    .api(cashiers[0])
    .post('/api/paket/type', { name: 'Promo', type: 1, start_at: '2024-01-01', end_at: '2099-12-31' });
  const paket = await t.api(cashiers[0]).post('/api/paket', {
    code: 'PKT-SR',
    name: 'Paket Serentak',
    paket_type_id: type.body.data.id,
    active_at: '2024-01-01',
    price: 3000000,
    description: '',
    installment_schema: 1,
    dp_amount: 600000,
    cicilan_amount: 800000,
    cicilan_attempt: 3,
    items: [{ type: 1, ref_id: facialId, free_slot: 6, expired_duration: 180 }],
  });
  historyId = paket.body.data.id;
  for (const c of cashiers) expect((await t.api(c).post('/api/kasir/session', { opening_float: 0 })).status).toBe(201);
  cash = Number(
    (await one<{ id: number }>(sql`select id from payment_method where type = 'tunai' order by id limit 1`)).id,
  );
  transfer = Number(
    (await one<{ id: number }>(sql`select id from payment_method where type = 'transfer' order by id limit 1`)).id,
  );
});
afterAll(() => t.close());

describe('concurrent payments (PostgreSQL)', () => {
  it('pays a bill once when cashiers pay it at the same time; the others get 409 naming who paid', async () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
    const visit = await finishedVisit(await t.makePatient(branch, { name: 'Pasien Rebutan' }));
    const res = await Promise.all(
      cashiers.map((c) => t.api(c).post('/api/kasir/payment', { visit, payments: [{ method: cash, amount: 500000 }] })),
    );
    expect(res.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const winner = NAMES[res.findIndex((r) => r.status === 201)];
    const code = res.find((r) => r.status === 201)!.body.data.code;
    for (const r of res.filter((x) => x.status === 409))
      expect(r.body[0].message).toBe(`Tagihan kunjungan ini sudah dibayar oleh ${winner} (${code})`);
    const n = await one<{ n: number; j: number }>(
      sql`select count(*)::int as n, (select count(*)::int from jurnal where source_type = 'kasir_payment' and source_id in
          (select id::text from kasir_payment where visit_id = ${visit})) as j from kasir_payment where visit_id = ${visit}`,
    );
    expect(n).toEqual({ n: 1, j: 1 });
  });

  it('answers a retried Idempotency-Key with the same payment', async () => {
    const visit = await finishedVisit(await t.makePatient(branch, { name: 'Pasien Klik Ganda' }));
    const res = await Promise.all(
      Array.from({ length: 4 }, () =>
        t
          .api(cashiers[1])
          .post(
            '/api/kasir/payment',
            { visit, payments: [{ method: cash, amount: 600000 }] },
            { 'idempotency-key': 'double-click-01' },
          ),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(res.map((r) => r.body.data.id)).size).toBe(1);
    expect(res[0].body.data).toMatchObject({ total: 500000, paid: 500000, change: 100000 });
  });

  it('never pays more instalments than are due when they are paid concurrently', async () => {
    const customer = await t.makePatient(branch, { name: 'Pasien Cicilan Serentak' });
    const m = await t
      .api(cashiers[0])
      .post('/api/paket/membership', { customer, doctor: doctor.id, paket_history_id: historyId });
    expect(m.status).toBe(201);
    // 3.000.000 due: six concurrent payments of 800.000 from four cashiers (4.800.000) - at most three fit. Each has
    // its own Idempotency-Key: without one, a cashier's two requests of one amount are one double click.
    const res = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.api(cashiers[i % 4]).post(
          '/api/kasir/cicilan',
          {
            membership: m.body.data.id,
            amount: 800000,
            payments: [{ method: cash, amount: 800000 }],
          },
          { 'idempotency-key': `cicilan-race-${i}` },
        ),
      ),
    );
    const ok = res.filter((r) => r.status === 201).length;
    expect(ok).toBe(3);
    expect(res.filter((r) => r.status === 400).length).toBe(3);
    const sums = await one<{ paid: string; amount: string; pays: string }>(
      sql`select sum(c.paid_amount)::text as paid, sum(c.amount)::text as amount,
          (select sum(total)::text from kasir_payment where membership_id = ${m.body.data.id} and status <> 'void') as pays
          from paket_membership_cicilan c where c.membership_id = ${m.body.data.id}`,
    );
    expect(Number(sums.paid)).toBe(240000000);
    expect(Number(sums.pays)).toBe(240000000);
    expect(Number(sums.paid)).toBeLessThanOrEqual(Number(sums.amount));
    const tb = await one<{ d: string; c: string }>(
      sql`select sum(debit)::text as d, sum(credit)::text as c from jurnal_detail`,
    );
    expect(tb.d).toBe(tb.c);
  });

  it('keeps the instalment schedule equal to the live payments when voids and payments of one registration race', async () => {
    // Found by the bank test (test/bank.ts): a void read the schedule without locking the registration and wrote the
    // paid amounts back, so an instalment paid (or another void carried out) meanwhile was lost from the schedule.
    const approvers = [
      await t.makeUser('manager', { branchId: branch, name: 'Manajer Satu' }),
      await t.makeUser('manager', { branchId: branch, name: 'Manajer Dua' }),
    ];
    const customer = await t.makePatient(branch, { name: 'Pasien Batal Serentak' });
    const m = await t
      .api(cashiers[0])
      .post('/api/paket/membership', { customer, doctor: doctor.id, paket_history_id: historyId });
    expect(m.status).toBe(201);
    const membership = m.body.data.id as number;
    let n = 0;
    const pay = (c: TestUser) =>
      t
        .api(c)
        .post(
          '/api/kasir/cicilan',
          { membership, amount: 100000, payments: [{ method: cash, amount: 100000 }] },
          { 'idempotency-key': `void-race-${++n}` },
        );
    const paid: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await pay(cashiers[i % 4]);
      expect(r.status).toBe(201);
      paid.push(r.body.data.id);
    }
    const requests: number[] = [];
    for (const id of paid) {
      const r = await t.api(cashiers[0]).post(`/api/kasir/payment/${id}/void`, { reason: 'Salah input' });
      expect(r.status).toBe(202);
      requests.push(r.body.data.applog_id);
    }
    // Eight approvals and eight new instalments at once.
    const res = await Promise.all([
      ...requests.map((a, i) => t.api(approvers[i % 2]).post(`/api/applog/doconfirm/${a}`, { status: 1 })),
      ...cashiers.flatMap((c) => [pay(c), pay(c)]),
    ]);
    expect(res.slice(0, 8).map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(res.slice(8).map((r) => r.status)).toEqual(Array(8).fill(201));
    const sums = await one<{ paid: string; pays: string; over: number }>(
      sql`select sum(c.paid_amount)::text as paid, count(*) filter (where c.paid_amount > c.amount)::int as over,
          (select sum(total)::text from kasir_payment where membership_id = ${membership} and status <> 'void') as pays
          from paket_membership_cicilan c where c.membership_id = ${membership}`,
    );
    expect(sums).toEqual({ paid: '80000000', pays: '80000000', over: 0 });
  });

  it('voids sales while the same item is sold, without a deadlock', async () => {
    // Found by the bank test: a void returned the stock (locking the item's valuation) before posting its reversal
    // (the journal counter), a sale posts its journal before taking the stock: each waited for the other and
    // PostgreSQL cancelled one (409 "Data sedang diubah"). The void now posts first, in the order a payment does.
    const wh = await stockBranch(t, branch);
    const items = [
      await makeItem(t, branch, 'IT-VOID1', { selling_price: 10_000_00 }),
      await makeItem(t, branch, 'IT-VOID2', { selling_price: 20_000_00 }),
    ];
    for (const item of items) await stockIn(t, cashiers[0], wh.apotek, item, 100, 100 * 500_000);
    const approvers = [
      await t.makeUser('manager', { branchId: branch, name: 'Manajer Tiga' }),
      await t.makeUser('manager', { branchId: branch, name: 'Manajer Empat' }),
    ];
    let n = 0;
    const sell = (c: TestUser) =>
      t.api(c).post(
        '/api/kasir/sales',
        {
          warehouse: wh.apotek,
          items: items.map((item) => ({ item, qty: 1 })),
          payments: [{ method: cash, amount: 50000 }],
        },
        { 'idempotency-key': `void-sale-${++n}` },
      );
    const sold: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await sell(cashiers[i % 4]);
      expect(r.status).toBe(201);
      sold.push(r.body.data.id);
    }
    const requests: number[] = [];
    for (const id of sold) {
      const r = await t.api(cashiers[0]).post(`/api/kasir/payment/${id}/void`, { reason: 'Batal beli' });
      expect(r.status).toBe(202);
      requests.push(r.body.data.applog_id);
    }
    const res = await Promise.all([
      ...requests.map((a, i) => t.api(approvers[i % 2]).post(`/api/applog/doconfirm/${a}`, { status: 1 })),
      ...cashiers.flatMap((c) => [sell(c), sell(c)]),
    ]);
    expect(res.map((r) => r.status)).toEqual([...Array(8).fill(200), ...Array(8).fill(201)]);
    // 100 received, 16 sold, 8 of them returned.
    for (const item of items) expect(await onHand(t, wh.apotek, item)).toBe(92);
  });

  it('answers the twins of one instalment payment (same Idempotency-Key, at once) with that payment', async () => {
    // Found by the bank test: a twin waiting for the registration's lock then found the schedule paid - by its own
    // twin - and answered 400 'sudah lunas' instead of the payment; a visit's twin likewise 409 'sudah dibayar' or
    // 'Slot paket sudah terpakai'. A refused request whose key has a payment now answers that payment.
    const customer = await t.makePatient(branch, { name: 'Pasien Klik Ganda Cicilan' });
    const m = await t
      .api(cashiers[0])
      .post('/api/paket/membership', { customer, doctor: doctor.id, paket_history_id: historyId });
    expect(m.status).toBe(201);
    const res = await Promise.all(
      Array.from({ length: 4 }, () =>
        t
          .api(cashiers[2])
          .post(
            '/api/kasir/cicilan',
            { membership: m.body.data.id, amount: 3000000, payments: [{ method: cash, amount: 3000000 }] },
            { 'idempotency-key': 'twin-cicilan-01' },
          ),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(res.map((r) => r.body.data.id)).size).toBe(1);
    const n = await one<{ n: number }>(
      sql`select count(*)::int as n from kasir_payment where membership_id = ${m.body.data.id}`,
    );
    expect(n.n).toBe(1);
  });

  it('never settles more of a receivable than is outstanding when cashiers settle it at the same time', async () => {
    const visit = await finishedVisit(await t.makePatient(branch, { name: 'Pasien Pelunasan Serentak' }));
    const first = await t
      .api(cashiers[0])
      .post('/api/kasir/payment', { visit, payments: [{ method: cash, amount: 100000 }] });
    expect(first.status).toBe(201);
    const id = first.body.data.id as number;
    // 400.000 outstanding: eight concurrent transfers of 200.000 from four cashiers - exactly two fit.
    const res = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t
          .api(cashiers[i % 4])
          .post(`/api/kasir/payment/${id}/settle`, { payments: [{ method: transfer, amount: 200000 }] }),
      ),
    );
    expect(res.filter((r) => r.status === 201).length).toBe(2);
    expect(res.filter((r) => r.status === 400 || r.status === 409).length).toBe(6);
    for (const r of res.filter((x) => x.status !== 201))
      expect(['Tagihan ini sudah lunas', 'Pembayaran melebihi sisa tagihan (Rp200.000)']).toContain(r.body[0].message);
    const sums = await one<{ total: string; paid: string; settled: string; rows: string; n: number }>(
      sql`select p.total::text, p.paid::text, p.settled::text,
          (select sum(s.paid)::text from kasir_payment s where s.parent_id = p.id and s.status <> 'void') as rows,
          (select count(*)::int from kasir_payment s where s.parent_id = p.id) as n
          from kasir_payment p where p.id = ${id}`,
    );
    expect(sums).toEqual({ total: '50000000', paid: '10000000', settled: '40000000', rows: '40000000', n: 2 });
    const bill = await t.api(cashiers[0]).get(`/api/kasir/bill/${visit}`);
    expect(bill.body.data).toMatchObject({ pay_status: 'lunas', payment: { outstanding: 0 } });
    const tb = await one<{ d: string; c: string }>(
      sql`select sum(debit)::text as d, sum(credit)::text as c from jurnal_detail`,
    );
    expect(tb.d).toBe(tb.c);
  });
});
