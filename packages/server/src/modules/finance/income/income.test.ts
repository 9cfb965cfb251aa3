import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asSen, fromSen, todayIn, toSen } from '@klinik/shared';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../../test/helpers.js';
import { queryRows } from '../../../db/client.js';
import { financePeriode } from '../../../db/schema/index.js';

// Income reports (issue 28 item 6) through REST after a realistic day at the till: treatments and a lab form paid
// with a discount, a paid visit voided through approval, a package sold (instalment paid, a slot used at the
// till), a lab form ordered and not paid. Every report's totals equal the ledger's revenue accounts of the range.
let t: TestApp;
let branchA: number;
let branchB: number;
let admin: TestUser;
let manager: TestUser;
let finance: TestUser;
let financeB: TestUser;
let perawat: TestUser;
let dokter: TestUser;
let dokter2: TestUser;
let patient: number;
let member: number;
let facial: number;
let peeling: number;
let darah: number;
let cash: number;
let membership: number;
const today = todayIn('Asia/Jakarta');

/** A visit whose record (through the record's API) holds these treatments and lab forms, finished by the doctor. */
async function visitWith(
  customer: number,
  treatments: { perawatan: number; qty: number }[],
  labs: { form_lab: number; qty: number }[] = [],
) {
  const v = await t.api(manager).post('/api/service/visit', { customer, doctor: dokter.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  const visit = v.body.data.id as number;
  const entries: number[] = [];
  for (const tr of treatments) {
    const r = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/treatment`, { ...tr, doctor: dokter.id });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    entries.push(r.body.data.id as number);
  }
  for (const l of labs) {
    const r = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/lab`, l);
    expect(r.status).toBe(201);
  }
  expect((await t.api(dokter).post(`/api/rekammedis/visit/${visit}/finish`, {})).status).toBe(200);
  return { visit, entries };
}

async function pay(visit: number, amount: number, extra: object = {}) {
  const r = await t.api(admin).post(
    '/api/kasir/payment',
    { visit, payments: amount ? [{ method: cash, amount }] : [], ...extra },
    {
      'idempotency-key': `income-${visit}`,
    },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.id as number;
}

/** Credit less debit of an account in the range, as the trial balance (REST) shows it. */
async function tbMovement(user: TestUser, code: string): Promise<number> {
  const r = await t.api(user).get(`/api/finance/laporan/trialbalance?from=${today}&to=${today}`);
  expect(r.status).toBe(200);
  const row = (r.body.data.rows as { code: string; debit: number; credit: number }[]).find((x) => x.code === code);
  return row ? fromSen(asSen(toSen(row.credit) - toSen(row.debit))) : 0;
}

async function income(user: TestUser, kind: string, qs = '') {
  const r = await t.api(user).get(`/api/finance/income/${kind}?from=${today}&to=${today}${qs}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Klinik Pendapatan' });
  branchB = await t.makeBranch({ name: 'Cabang Pendapatan B' });
  admin = await t.makeUser('admin', { branchId: branchA, name: 'Rina Kasir' });
  manager = await t.makeUser('manager', { branchId: branchA });
  finance = await t.makeUser('finance', { branchId: branchA });
  financeB = await t.makeUser('finance', { branchId: branchB });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  dokter = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Sinta' });
  dokter2 = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Bayu' });
  patient = await t.makePatient(branchA, { name: 'Budi Pendapatan' });
  member = await t.makePatient(branchA, { name: 'Maya Paket' });
  for (const b of [branchA, branchB])
    await t.db.insert(financePeriode).values({ profile_id: b, start_date: '2020-01-01', status: 0 });
  const mk = async (url: string, body: object) => {
    const r = await t.api(admin).post(url, body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data.id as number;
  };
  facial = await mk('/api/master/tindakanmedis', {
    code: 'TM-FAC',
    name: 'Facial',
    price: 500000,
    doctor_share: 100000,
  });
  peeling = await mk('/api/master/tindakanmedis', { code: 'TM-PEEL', name: 'Peeling', price: 350000, doctor_share: 0 });
  darah = await mk('/api/master/laboratorium', { code: 'LAB-DL', name: 'Darah Lengkap', price: 125000 });
  const type = await mk('/api/paket/type', { name: 'Promo', type: 1, start_at: '2024-01-01', end_at: '2099-12-31' });
  const history = await mk('/api/paket', {
    code: 'PKT-FAC',
    name: 'Paket Facial',
    paket_type_id: type,
    active_at: '2024-01-01',
    price: 900000,
    description: '',
    installment_schema: 1,
    dp_amount: 300000,
    cicilan_amount: 300000,
    cicilan_attempt: 2,
    items: [{ type: 1, ref_id: facial, free_slot: 3, expired_duration: 180 }],
  });
  const methods = await queryRows<{ id: number; type: string }>(t.db, sql`select id, type from payment_method`);
  cash = Number(methods.find((m) => m.type === 'tunai')!.id);
  expect((await t.api(admin).post('/api/kasir/session', { opening_float: 0 })).status).toBe(201);

  // 1. Facial (discount Rp25.000) and a lab form, paid in full.
  const v1 = await visitWith(patient, [{ perawatan: facial, qty: 1 }], [{ form_lab: darah, qty: 1 }]);
  await pay(v1.visit, 600000, {
    use_paket: false,
    line_discounts: [{ kind: 'treatment', ref: v1.entries[0], amount: 25000 }],
  });
  // 2. Two peelings, paid, then voided through the approval engine.
  const v2 = await visitWith(patient, [{ perawatan: peeling, qty: 2 }]);
  const p2 = await pay(v2.visit, 700000);
  const req = await t.api(admin).post(`/api/kasir/payment/${p2}/void`, { reason: 'Salah input' });
  expect(req.status).toBe(202);
  expect((await t.api(manager).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 })).status).toBe(
    200,
  );
  // 3. A package sold to the member, its down payment paid; a facial covered by the package's slot.
  const reg = await t
    .api(admin)
    .post('/api/paket/membership', { customer: member, doctor: dokter.id, paket_history_id: history });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  membership = reg.body.data.id as number;
  const dp = await t.api(admin).post(
    '/api/kasir/cicilan',
    { membership, amount: 300000, payments: [{ method: cash, amount: 300000 }] },
    {
      'idempotency-key': 'income-dp',
    },
  );
  expect(dp.status, JSON.stringify(dp.body)).toBe(201);
  const v3 = await visitWith(member, [{ perawatan: facial, qty: 1 }]);
  await pay(v3.visit, 0);
  // 4. A lab form ordered and not paid yet.
  await visitWith(patient, [], [{ form_lab: darah, qty: 2 }]);
});
afterAll(() => t?.close());

describe('income reports', () => {
  it('tindakanmedis: per procedure; its gross equals the treatment revenue account of the ledger', async () => {
    const r = await income(finance, 'tindakanmedis');
    expect(r.data).toEqual([
      expect.objectContaining({ code: 'TM-FAC', name: 'Facial', qty: 1, covered_qty: 1, gross: 500000 }),
      expect.objectContaining({ code: 'TM-PEEL', name: 'Peeling', qty: 0, gross: 0, doctor_share: 0 }),
    ]);
    expect(r.data[0]).toMatchObject({ discount: 25000, net: 475000, doctor_share: 200000 });
    expect(r.totals).toMatchObject({ gross: 500000, discount: 25000, net: 475000 });
    expect(r.totals.gross).toBe(await tbMovement(finance, '4101'));
    expect(r.count).toBe(2);
    expect(r.doctors).toEqual([{ id: dokter.id, name: 'dr. Sinta' }]);
    // Doctor filter: another doctor has none.
    expect((await income(finance, 'tindakanmedis', `&doctor=${dokter2.id}`)).data).toEqual([]);
    expect((await income(finance, 'tindakanmedis', `&doctor=${dokter.id}`)).count).toBe(2);
    // Search and pagination.
    expect((await income(finance, 'tindakanmedis', '&keyword=peel')).data.map((x: { name: string }) => x.name)).toEqual(
      ['Peeling'],
    );
    const p2 = await income(finance, 'tindakanmedis', '&limit=1&page=2');
    expect([p2.count, p2.data.length, p2.data[0].name, p2.totals.gross]).toEqual([2, 1, 'Peeling', 500000]);
  });

  it('service: per service kind; the net equals the revenue of the profit and loss and the ledger', async () => {
    const r = await income(finance, 'service');
    const row = (k: string) => r.data.find((x: { key: string }) => x.key === k);
    expect(row('treatment')).toMatchObject({ gross: 500000, qty: 1, covered_qty: 1 });
    expect(row('lab')).toMatchObject({ gross: 125000, qty: 1 });
    expect(row('discount')).toMatchObject({ discount: 25000, net: -25000 });
    expect(r.totals).toMatchObject({ gross: 625000, discount: 25000, net: 600000 });
    const pl = await t.api(finance).get(`/api/finance/laporan/labarugi?from=${today}&to=${today}`);
    const revenue = pl.body.data.sections.find((s: { category: number }) => s.category === 4).total;
    expect(r.totals.net).toBe(revenue);
    expect(r.ledger.total).toBe(revenue);
    expect(r.ledger.other).toBe(0);
    expect(r.ledger.accounts.map((a: { code: string; amount: number }) => [a.code, a.amount])).toEqual([
      ['4101', 500000],
      ['4104', 125000],
      ['4109', -25000],
    ]);
    expect(row('lab').gross).toBe(await tbMovement(finance, '4104'));
  });

  it('treatment: one row per till document and per void; the total equals the ledger revenue', async () => {
    const r = await income(finance, 'treatment');
    expect(r.count).toBe(4);
    expect(r.data.map((x: { status: string; net: number }) => [x.status, x.net])).toEqual(
      expect.arrayContaining([
        ['dibayar', 600000],
        ['dibayar', 700000],
        ['batal', -700000],
        ['dibayar', 0],
      ]),
    );
    expect(r.totals.net).toBe(r.ledger.total);
    expect(r.totals.doctor_share).toBe(200000);
    expect((await income(finance, 'treatment', '&keyword=maya')).count).toBe(1);
    // Each document names its branch (the Backoffice page's 'Cabang' column, issue 30).
    expect(new Set(r.data.map((x: { branch: string }) => x.branch))).toEqual(new Set(['Klinik Pendapatan']));
  });

  it('paket: sold, collected, slots used and deferred revenue; recognised revenue is in the ledger', async () => {
    const r = await income(finance, 'paket');
    expect(r.data).toEqual([
      expect.objectContaining({
        code: 'PKT-FAC',
        name: 'Paket Facial',
        sold_count: 1,
        sold_value: 900000,
        collected: 300000,
        slots_total: 3,
        slots_used: 1,
        recognized: 0,
        deferred: 900000,
      }),
    ]);
    // The deferred revenue is the package revenue account on the balance sheet (not revenue yet).
    expect(await tbMovement(finance, '2301')).toBe(900000);
    expect(r.totals.recognized).toBe(0);
  });

  it('pendingformlab: lab forms of finished records whose bill is not paid in full', async () => {
    const r = await income(finance, 'pendingformlab');
    expect(r.count).toBe(1);
    expect(r.data[0]).toMatchObject({
      code: 'LAB-DL',
      name: 'Darah Lengkap',
      qty: 2,
      amount: 250000,
      status: 'belum_dibayar',
    });
    expect(r.totals.amount).toBe(250000);
  });

  it('refuses bad input in Indonesian, roles without FINANCE_INCOME, and shows another branch nothing', async () => {
    const bad = await t.api(finance).get('/api/finance/income/lainnya');
    expect(bad.status).toBe(400);
    expect(bad.body[0].message).toBe('Jenis laporan pendapatan tidak dikenal');
    const date = await t.api(finance).get('/api/finance/income/service?from=2026-13-01');
    expect(date.status).toBe(400);
    const order = await t.api(finance).get('/api/finance/income/service?from=2026-02-10&to=2026-02-01');
    expect(order.status).toBe(400);
    expect(order.body).toEqual([{ field: 'from', message: 'Tanggal awal tidak boleh setelah tanggal akhir' }]);
    const doctor = await t.api(finance).get('/api/finance/income/service?doctor=abc');
    expect(doctor.status).toBe(400);
    expect((await t.api(perawat).get('/api/finance/income/service')).status).toBe(403);
    expect((await t.api(dokter).get('/api/finance/income/tindakanmedis')).status).toBe(403);
    // Another branch's finance sees its own (empty) branch, also when it names branch A.
    const other = await income(financeB, 'tindakanmedis', `&profile_id=${branchA}`);
    expect([other.count, other.totals.gross, other.ledger.total]).toEqual([0, 0, 0]);
    expect((await income(financeB, 'pendingformlab')).count).toBe(0);
    expect((await income(financeB, 'treatment')).count).toBe(0);
  });
});

describe('cash-flow statement', () => {
  it('groups receipts and payments by activity; the net change equals the change of cash and bank', async () => {
    const before = await countRows(t.db, 'jurnal');
    const post = async (lines: [string, number, number][]) => {
      const r = await t.api(finance).post('/api/finance/jurnal', {
        code: '',
        transaction_at: today,
        memo: 'uji arus kas',
        details: lines.map(([akun, debit, credit]) => ({ akun, description: '', debit, credit })),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    };
    await post([
      ['1102', 5000000, 0],
      ['3101', 0, 5000000],
    ]);
    await post([
      ['1201', 1500000, 0],
      ['1102', 0, 1500000],
    ]);
    await post([
      ['1101', 0, 200000],
      ['1102', 200000, 0],
    ]);
    expect((await countRows(t.db, 'jurnal')).jurnal).toBe(before.jurnal + 3);
    const r = await t.api(finance).get(`/api/finance/laporan/aruskas?from=${today}&to=${today}`);
    expect(r.status).toBe(200);
    const cf = r.body.data;
    const sec = (a: string) => cf.sections.find((s: { activity: string }) => s.activity === a);
    // Till: Rp600.000 in for the first visit, Rp700.000 in and out for the void, Rp300.000 down payment.
    expect(sec('operating')).toMatchObject({ receipts: 600000 + 700000 + 300000, payments: 700000, net: 900000 });
    expect(sec('investing')).toMatchObject({ receipts: 0, payments: 1500000, net: -1500000 });
    expect(sec('financing')).toMatchObject({ receipts: 5000000, payments: 0, net: 5000000 });
    expect(cf.net_change).toBe(900000 - 1500000 + 5000000);
    expect(cf.closing - cf.opening).toBe(cf.net_change);
    // The cash and bank balances of the trial balance moved by the same amount.
    const moved = -((await tbMovement(finance, '1101')) + (await tbMovement(finance, '1102')));
    expect(moved).toBe(cf.net_change);
    const line4101 = sec('operating').lines.find((l: { code: string }) => l.code === '4101');
    expect(line4101).toMatchObject({ receipts: 500000 + 700000, payments: 700000 });
    // Another branch: nothing moved; a refused role.
    const b = await t.api(financeB).get(`/api/finance/laporan/aruskas?from=${today}&to=${today}`);
    expect([b.body.data.net_change, b.body.data.closing]).toEqual([0, 0]);
    expect((await t.api(perawat).get('/api/finance/laporan/aruskas')).status).toBe(403);
    expect((await t.api(finance).get('/api/finance/laporan/aruskas?to=2026-02-30')).status).toBe(400);
  });
});
