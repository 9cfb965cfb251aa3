import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayIn } from '@klinik/shared';
import { stockIn } from '../../../test/stock-fixtures.js';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { journalOf as journalIn } from '../../../test/ledger-helpers.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let admin: TestUser;
let admin2: TestUser;
let manager: TestUser;
let adminB: TestUser;
let perawat: TestUser;
let doctor: TestUser;
let patient: number;
let facialId: number;
let serumId: number;
let apotek: number;
let historyId: number;
let cash: number;
let transfer: number;

const today = todayIn('Asia/Jakarta');
const TABLES = ['kasir_payment', 'kasir_payment_line', 'kasir_payment_tender', 'kasir_void', 'jurnal', 'applog'];

async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
  return (await queryRows<T>(t.db, q))[0];
}

const journalOf = (sourceType: string, id: number) => journalIn(t.db, sourceType, id);

async function register(customer: number) {
  const r = await t
    .api(admin)
    .post('/api/paket/membership', { customer, doctor: doctor.id, paket_history_id: historyId });
  expect(r.status).toBe(201);
  return r.body.data.id as number;
}

/** A visit with a finished record: one treatment (facial) and one product (serum x2), written as the EMR does. */
async function finishedVisit(branch: number, customer: number, by: TestUser, doc: TestUser, withProduct = true) {
  const v = await t.api(by).post('/api/service/visit', { customer, doctor: doc.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  const visitId = v.body.data.id as number;
  const rec = await one<{
    id: number;
  }>(sql`insert into rm_record (profile_id, visit_id, customer_id, doctor_id, visit_date, created_by)
    values (${branch}, ${visitId}, ${customer}, ${doc.id}, ${today}, ${doc.id}) returning id`);
  const entry = async (kind: string, cols: Record<string, number | string>) => {
    const e = await one<{
      id: number;
    }>(sql`insert into rm_entry (profile_id, record_id, visit_id, customer_id, kind, created_by)
      values (${branch}, ${rec.id}, ${visitId}, ${customer}, ${kind}, ${doc.id}) returning id`);
    const names = Object.keys(cols);
    await t.db.execute(
      sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, created_by, ${sql.raw(names.join(', '))})
        values (${branch}, ${e.id}, ${kind}, 1, 'create', ${doc.id}, ${sql.join(
          names.map((k) => sql`${cols[k]}`),
          sql`, `,
        )})`,
    );
    return e.id;
  };
  const treatment = await entry('treatment', {
    perawatan_id: facialId,
    doctor_id: doc.id,
    qty: 1,
    price: 50000000,
    doctor_share: 10000000,
  });
  const product = withProduct ? await entry('produk', { item_id: serumId, qty: 2, price: 25000000 }) : 0;
  await t.db.execute(
    sql`update rm_record set status = 'finished', finished_at = now(), finished_by = ${doc.id} where id = ${rec.id}`,
  );
  return { visitId, treatment, product };
}

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Klinik Kasir Sentosa', address: 'Jl. Kasir No. 7', phone: '0227654321' });
  branchB = await t.makeBranch({ name: 'Cabang Kasir B' });
  admin = await t.makeUser('admin', { branchId: branchA, name: 'Rina Kasir' });
  admin2 = await t.makeUser('admin', { branchId: branchA, name: 'Dewi Kasir' });
  manager = await t.makeUser('manager', { branchId: branchA, name: 'Pak Manajer' });
  adminB = await t.makeUser('admin', { branchId: branchB });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  doctor = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Sinta' });
  patient = await t.makePatient(branchA, { name: 'Budi Santoso', username: 'RM02000001' });
  for (const b of [branchA, branchB])
    await t.db.insert(financePeriode).values({ profile_id: b, start_date: '2020-01-01', status: 0 });
  const mk = async (url: string, body: object) => {
    const r = await t.api(admin).post(url, body);
    expect(r.status).toBe(201);
    return r.body.data.id as number;
  };
  facialId = await mk('/api/master/tindakanmedis', {
    code: 'TM-FAC',
    name: 'Facial',
    price: 500000,
    doctor_share: 100000,
  });
  serumId = await mk('/api/master/item', {
    code: 'IT-SER',
    name: 'Serum C',
    unit: 'botol',
    category: 'Skincare',
    selling_price: 250000,
  });
  const type = await mk('/api/paket/type', {
    name: 'Promo Kasir',
    type: 1,
    start_at: '2024-01-01',
    end_at: '2099-12-31',
  });
  historyId = await mk('/api/paket', {
    code: 'PKT-KSR',
    name: 'Paket Facial',
    paket_type_id: type,
    active_at: '2024-01-01',
    price: 3000000,
    description: '',
    installment_schema: 1,
    dp_amount: 600000,
    cicilan_amount: 800000,
    cicilan_attempt: 3,
    items: [{ type: 1, ref_id: facialId, free_slot: 6, expired_duration: 180 }],
  });
  const methods = await queryRows<{ id: number; type: string }>(
    t.db,
    sql`select id, type from payment_method order by id`,
  );
  cash = Number(methods.find((m) => m.type === 'tunai')!.id);
  transfer = Number(methods.find((m) => m.type === 'transfer')!.id);
  // The branch's pharmacy: products on a visit's bill and the general cashier's sales leave it.
  apotek = (
    await one<{ id: number }>(
      sql`insert into warehouse (profile_id, code, name, kind) values (${branchA}, 'AP', 'Apotek', 'apotek') returning id`,
    )
  ).id;
  await stockIn(t, manager, apotek, serumId, 100, 1_000_000_00);
});
afterAll(() => t.close());

describe('cash sessions', () => {
  it('refuses a payment without an open session, then opens one (once)', async () => {
    const m = await register(patient);
    const before = await countRows(t.db, ...TABLES);
    const r = await t
      .api(admin)
      .post('/api/kasir/cicilan', { membership: m, amount: 600000, payments: [{ method: cash, amount: 600000 }] });
    expect(r.status).toBe(400);
    expect(r.body[0].message).toContain('Sesi kasir belum dibuka');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    const bad = await t.api(admin).post('/api/kasir/session', {});
    expect(bad.status).toBe(400);
    expect(bad.body).toContainEqual(
      expect.objectContaining({ field: 'opening_float', message: 'Modal awal wajib diisi' }),
    );
    const ok = await t.api(admin).post('/api/kasir/session', { opening_float: 500000 });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ status: 'open', opening_float: 500000 });
    expect((await t.api(admin).post('/api/kasir/session', { opening_float: 1 })).status).toBe(409);
    expect((await t.api(admin2).post('/api/kasir/session', { opening_float: 100000 })).status).toBe(201);
    expect((await t.api(adminB).post('/api/kasir/session', { opening_float: 0 })).status).toBe(201);
  });
});

describe('POST /api/kasir/cicilan', () => {
  let membership: number;
  beforeAll(async () => {
    membership = await register(await t.makePatient(branchA, { name: 'Citra Lestari', username: 'RM02000002' }));
  });

  it('answers 400 in Indonesian next to the field and writes nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const r = await t.api(admin).post('/api/kasir/cicilan', {});
    expect(r.status).toBe(400);
    const fields = r.body.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['membership', 'amount', 'payments']));
    expect(r.body.find((e: { field: string }) => e.field === 'membership').message).toBe(
      'Registrasi paket wajib dipilih',
    );
    const neg = await t
      .api(admin)
      .post('/api/kasir/cicilan', { membership, amount: -5, payments: [{ method: cash, amount: 1 }] });
    expect(neg.status).toBe(400);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('refuses a role without the cashier (403) and another branch membership', async () => {
    const body = { membership, amount: 600000, payments: [{ method: cash, amount: 600000 }] };
    expect((await t.api(perawat).post('/api/kasir/cicilan', body)).status).toBe(403);
    const other = await t.api(adminB).post('/api/kasir/cicilan', body);
    expect(other.status).toBe(400);
    expect(other.body[0]).toMatchObject({ field: 'membership', message: 'Registrasi paket tidak ditemukan' });
  });

  it('pays the down payment with two methods (cash with change), posts Dr Kas/Bank / Cr Piutang Membership', async () => {
    const r = await t.api(admin).post(
      '/api/kasir/cicilan',
      {
        membership,
        amount: 600000,
        payments: [
          { method: transfer, amount: 400000 },
          { method: cash, amount: 250000 },
        ],
      },
      { 'idempotency-key': 'cicilan-dp-0001' },
    );
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ total: 600000, paid: 600000, change: 50000, status: 'paid' });
    expect(r.body.data.code).toMatch(/^KWC\//);
    expect(await journalOf('kasir_payment', r.body.data.id)).toEqual({
      '1102': [40000000, 0],
      '1101': [20000000, 0],
      '1130': [0, 60000000],
    });
    // The retried request answers the same payment.
    const again = await t.api(admin).post(
      '/api/kasir/cicilan',
      {
        membership,
        amount: 600000,
        payments: [
          { method: transfer, amount: 400000 },
          { method: cash, amount: 250000 },
        ],
      },
      { 'idempotency-key': 'cicilan-dp-0001' },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(r.body.data.id);
    // The receivable went down: the membership and the ageing report see it.
    const m = await t.api(admin).get(`/api/paket/membership/${membership}`);
    expect(m.body.data).toMatchObject({ paid_amount: 600000, outstanding_amount: 2400000 });
    expect(m.body.data.cicilan[0]).toMatchObject({ paid_amount: 600000 });
    const piutang = await t.api(manager).get('/api/paket/piutang?keyword=Citra');
    expect(piutang.body.data[0].total).toBe(2400000);
  });

  it('refuses paying more than is due and non-cash above the amount', async () => {
    const before = await countRows(t.db, ...TABLES);
    const over = await t
      .api(admin)
      .post('/api/kasir/cicilan', { membership, amount: 2400001, payments: [{ method: cash, amount: 2400001 }] });
    expect(over.status).toBe(400);
    expect(over.body[0]).toMatchObject({ field: 'amount' });
    expect(over.body[0].message).toContain('melebihi sisa tagihan');
    const card = await t
      .api(admin)
      .post('/api/kasir/cicilan', { membership, amount: 800000, payments: [{ method: transfer, amount: 900000 }] });
    expect(card.status).toBe(400);
    expect(card.body[0].message).toBe('Pembayaran non-tunai melebihi jumlah tagihan');
    const short = await t
      .api(admin)
      .post('/api/kasir/cicilan', { membership, amount: 800000, payments: [{ method: cash, amount: 700000 }] });
    expect(short.status).toBe(400);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('voids only through approval: the journal reversed, the instalment open again, the original kept', async () => {
    const p = await t
      .api(admin)
      .post('/api/kasir/cicilan', { membership, amount: 800000, payments: [{ method: cash, amount: 800000 }] });
    expect(p.status).toBe(201);
    const id = p.body.data.id as number;
    const empty = await t.api(admin).post(`/api/kasir/payment/${id}/void`, {});
    expect(empty.status).toBe(400);
    expect(empty.body[0]).toMatchObject({ field: 'reason', message: 'Wajib diisi' });
    const req = await t.api(admin).post(`/api/kasir/payment/${id}/void`, { reason: 'Salah input nominal' });
    expect(req.status).toBe(202);
    expect((await t.api(admin).get(`/api/kasir/payment/${id}`)).body.data).toMatchObject({
      status: 'paid',
      void_pending: true,
    });
    // Another branch does not see it.
    expect((await t.api(adminB).get(`/api/kasir/payment/${id}`)).status).toBe(404);
    expect((await t.api(adminB).post(`/api/kasir/payment/${id}/void`, { reason: 'x' })).status).toBe(404);
    const ok = await t.api(manager).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 });
    expect(ok.status).toBe(200);
    const after = await t.api(admin).get(`/api/kasir/payment/${id}`);
    expect(after.body.data).toMatchObject({ status: 'void', void: { reason: 'Salah input nominal' } });
    expect(await journalOf('kasir_void', id)).toEqual({ '1101': [0, 80000000], '1130': [80000000, 0] });
    const m = await t.api(admin).get(`/api/paket/membership/${membership}`);
    expect(m.body.data).toMatchObject({ paid_amount: 600000, outstanding_amount: 2400000 });
    // Voided once: a second void is refused, and the row cannot be deleted.
    expect((await t.api(manager).post(`/api/kasir/payment/${id}/void`, { reason: 'lagi' })).status).toBe(409);
    await expect(t.db.execute(sql`delete from kasir_payment where id = ${id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update kasir_payment_line set total = 0 where payment_id = ${id}`)).rejects.toThrow();
  });

  it('a retried void with its Idempotency-Key is one approval request; the key on another payment or user is 409', async () => {
    const pay = async (key: string) => {
      const r = await t
        .api(admin)
        .post(
          '/api/kasir/cicilan',
          { membership, amount: 100000, payments: [{ method: cash, amount: 100000 }] },
          { 'idempotency-key': key },
        );
      expect(r.status).toBe(201);
      return r.body.data.id as number;
    };
    const a = await pay('cicilan-void-a-01');
    const b = await pay('cicilan-void-b-01');
    const before = await countRows(t.db, ...TABLES, 'idempotency_request');
    const key = { 'idempotency-key': 'void-kunci-0001' };
    const first = await t.api(admin).post(`/api/kasir/payment/${a}/void`, { reason: 'Dobel input' }, key);
    expect(first.status).toBe(202);
    const retry = await t.api(admin).post(`/api/kasir/payment/${a}/void`, { reason: 'Dobel input' }, key);
    expect(retry.status).toBe(202);
    expect(retry.body).toEqual(first.body);
    const once = await countRows(t.db, ...TABLES, 'idempotency_request');
    expect(once).toEqual({ ...before, applog: before.applog + 1, idempotency_request: before.idempotency_request + 1 });
    // The same key on another payment, with another reason, or by another cashier: refused, nothing written.
    const otherTarget = await t.api(admin).post(`/api/kasir/payment/${b}/void`, { reason: 'Dobel input' }, key);
    expect(otherTarget.status).toBe(409);
    expect(otherTarget.body).toEqual([
      { field: 'Idempotency-Key', message: 'Idempotency-Key sudah dipakai untuk permintaan lain.' },
    ]);
    const otherReason = await t.api(admin).post(`/api/kasir/payment/${a}/void`, { reason: 'Alasan lain' }, key);
    expect(otherReason.status).toBe(409);
    const otherUser = await t.api(admin2).post(`/api/kasir/payment/${a}/void`, { reason: 'Dobel input' }, key);
    expect(otherUser.status).toBe(409);
    expect(await countRows(t.db, ...TABLES, 'idempotency_request')).toEqual(once);
    expect((await t.api(admin).get(`/api/kasir/payment/${b}`)).body.data).toMatchObject({ void_pending: false });
  });
});

describe('visit bill and payment', () => {
  let visit: { visitId: number; treatment: number; product: number };
  let member: number;
  beforeAll(async () => {
    member = await t.makePatient(branchA, { name: 'Eka Member', username: 'RM02000003' });
    await register(member);
    visit = await finishedVisit(branchA, member, admin, doctor);
  });

  it('builds the bill with the package slot covering the treatment (Rp 0), or not when turned off', async () => {
    const r = await t.api(admin).get(`/api/kasir/bill/${visit.visitId}`);
    expect(r.status).toBe(200);
    expect(r.body.data.lines).toEqual([
      expect.objectContaining({
        kind: 'treatment',
        ref: visit.treatment,
        name: 'Facial',
        qty: 1,
        price: 500000,
        total: 0,
      }),
      expect.objectContaining({
        kind: 'product',
        ref: visit.product,
        name: 'Serum C',
        qty: 2,
        price: 250000,
        total: 500000,
        covered_by_paket: null,
      }),
    ]);
    expect(r.body.data.lines[0].covered_by_paket).toBeGreaterThan(0);
    expect(r.body.data.total).toBe(500000);
    const off = await t.api(admin).get(`/api/kasir/bill/${visit.visitId}?use_paket=false`);
    expect(off.body.data.total).toBe(1000000);
    expect((await t.api(adminB).get(`/api/kasir/bill/${visit.visitId}`)).status).toBe(404);
  });

  it('pays with two methods, uses the slot, posts revenue (the covered fee waits); a second payment is 409 naming the cashier', async () => {
    const before = await countRows(t.db, ...TABLES);
    const bad = await t
      .api(admin)
      .post('/api/kasir/payment', { visit: visit.visitId, payments: [{ method: 0, amount: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toMatchObject({ field: 'payments.0.method', message: 'Metode pembayaran wajib dipilih' });
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    const r = await t.api(admin).post(
      '/api/kasir/payment',
      {
        visit: visit.visitId,
        line_discounts: [{ kind: 'product', ref: visit.product, amount: 20000 }],
        payments: [
          { method: transfer, amount: 300000 },
          { method: cash, amount: 200000 },
        ],
      },
      { 'idempotency-key': 'visit-pay-00001' },
    );
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ total: 480000, paid: 480000, change: 20000, status: 'paid' });
    expect(await journalOf('kasir_payment', r.body.data.id)).toEqual({
      '1102': [30000000, 0],
      '1101': [18000000, 0],
      '4109': [2000000, 0],
      '4102': [0, 50000000],
      // No 6102/2102: the covered facial's doctor fee waits, the package received nothing yet (issue 29, pro rata).
    });
    // The record's product (2 x Serum C) left the pharmacy with this payment, at its cost.
    const sold = await one<{ q: number; v: string }>(
      sql`select coalesce(sum(quantity), 0)::int as q, coalesce(sum(value), 0)::text as v from stock_movement
          where source_kind = 'kasir_payment' and source_id = ${r.body.data.id} and kind = 'sale' and item_id = ${serumId}`,
    );
    expect(Number(sold.q)).toBe(-2);
    expect(Number(sold.v)).toBe(-20_000_00);
    const slot = await one<{ used_slot: number }>(
      sql`select s.used_slot from paket_membership_slot s join paket_membership m on m.id = s.membership_id where m.customer_id = ${member}`,
    );
    expect(Number(slot.used_slot)).toBe(1);
    const second = await t
      .api(admin2)
      .post('/api/kasir/payment', { visit: visit.visitId, payments: [{ method: cash, amount: 480000 }] });
    expect(second.status).toBe(409);
    expect(second.body[0].message).toBe(`Tagihan kunjungan ini sudah dibayar oleh Rina Kasir (${r.body.data.code})`);
    // The same request again with its key answers the first payment; the key with other content is refused.
    const replay = await t.api(admin).post(
      '/api/kasir/payment',
      {
        visit: visit.visitId,
        line_discounts: [{ kind: 'product', ref: visit.product, amount: 20000 }],
        payments: [
          { method: transfer, amount: 300000 },
          { method: cash, amount: 200000 },
        ],
      },
      { 'idempotency-key': 'visit-pay-00001' },
    );
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(r.body.data);
    const other = await t
      .api(admin)
      .post(
        '/api/kasir/payment',
        { visit: visit.visitId, payments: [{ method: cash, amount: 480000 }] },
        { 'idempotency-key': 'visit-pay-00001' },
      );
    expect(other.status).toBe(409);
    expect(other.body[0]).toMatchObject({ message: 'Idempotency-Key sudah dipakai untuk permintaan lain.' });
  });

  it('takes a partial payment leaving a patient receivable', async () => {
    const v = await finishedVisit(branchA, patient, admin, doctor);
    const r = await t
      .api(admin)
      .post('/api/kasir/payment', { visit: v.visitId, use_paket: false, payments: [{ method: cash, amount: 400000 }] });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ total: 1000000, paid: 400000, change: 0, status: 'partly' });
    const j = await journalOf('kasir_payment', r.body.data.id);
    expect(j['1120']).toEqual([60000000, 0]);
    expect(j['4101']).toEqual([0, 50000000]);
  });

  it('sends a discount above the limit for approval, then pays it once approved', async () => {
    const v = await finishedVisit(branchA, patient, admin, doctor);
    const body = { visit: v.visitId, use_paket: false, discount: 300000, payments: [{ method: cash, amount: 700000 }] };
    const r = await t.api(admin).post('/api/kasir/payment', body);
    expect(r.status).toBe(202);
    expect(r.body.data.pending).toBe(true);
    expect(
      await one<{ n: number }>(sql`select count(*)::int as n from kasir_payment where visit_id = ${v.visitId}`),
    ).toEqual({ n: 0 });
    expect((await t.api(manager).post(`/api/applog/doconfirm/${r.body.data.applog_id}`, { status: 1 })).status).toBe(
      200,
    );
    const paid = await t.api(admin).post('/api/kasir/payment', body);
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({ total: 700000, paid: 700000 });
    // An approval is used once (issue 25, finding 8): after the payment is voided the same discount asks again.
    const vreq = await t.api(admin).post(`/api/kasir/payment/${paid.body.data.id}/void`, { reason: 'Salah input' });
    expect(vreq.status).toBe(202);
    expect((await t.api(manager).post(`/api/applog/doconfirm/${vreq.body.data.applog_id}`, { status: 1 })).status).toBe(
      200,
    );
    const again = await t.api(admin).post('/api/kasir/payment', body);
    expect(again.status).toBe(202);
    expect(again.body.data.applog_id).not.toBe(r.body.data.applog_id);
    expect(
      await one<{ n: number }>(
        sql`select count(*)::int as n from kasir_payment where visit_id = ${v.visitId} and status <> 'void'`,
      ),
    ).toEqual({ n: 0 });
    // The database holds it too: a second payment naming the used approval is refused.
    await expect(
      t.db.execute(
        sql`update kasir_payment set discount_applog_id = ${r.body.data.applog_id} where id = (select max(id) from kasir_payment where id <> ${paid.body.data.id})`,
      ),
    ).rejects.toThrow();
  });

  it('renders the nota with letterhead, lines, terbilang and cashier; a recorded reprint is SALINAN', async () => {
    const list = await t.api(admin).get('/api/kasir/payment?kind=visit&status=paid');
    const id = list.body.data.find((p: { total: number }) => p.total === 480000).id;
    const read = async () => {
      const res = await t.api(admin).get(`/api/kasir/payment/${id}/nota`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nota-')), 'n.pdf');
      fs.writeFileSync(file, res.raw.rawPayload);
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    };
    const first = await read();
    for (const s of [
      'Klinik Kasir Sentosa',
      'Jl. Kasir No. 7',
      'NOTA PEMBAYARAN',
      'Facial',
      'Serum C',
      'Eka Member',
      'Rina Kasir',
    ])
      expect(first).toContain(s);
    expect(first).toContain('empat ratus delapan puluh ribu rupiah');
    expect(first).not.toContain('SALINAN');
    // Reading is a pure read (issue 25 finding 8): reading again, or a top-level user of another branch reading,
    // records no print and leaves the original the original.
    const printCount = async () =>
      (await one<{ n: number }>(sql`select print_count::int as n from kasir_payment where id = ${id}`)).n;
    const ownerB = await t.makeUser('manager', { branchId: branchB, toplevel: 'owner' });
    expect((await t.api(ownerB).get(`/api/kasir/payment/${id}/nota`)).status).toBe(200);
    expect(await read()).not.toContain('SALINAN');
    expect(await printCount()).toBe(0);
    // Printing is a write in the payment's branch: refused to another branch's top-level user, nothing recorded.
    expect((await t.api(ownerB).post(`/api/kasir/payment/${id}/printed`)).status).toBe(404);
    expect(await printCount()).toBe(0);
    // The first recorded print is the original, the second a copy.
    expect((await t.api(admin).post(`/api/kasir/payment/${id}/printed`)).body.data).toEqual({
      copy: false,
      print_count: 1,
    });
    expect(await read()).not.toContain('SALINAN');
    expect((await t.api(admin).post(`/api/kasir/payment/${id}/printed`)).body.data).toEqual({
      copy: true,
      print_count: 2,
    });
    expect(await read()).toContain('SALINAN');
    expect(await printCount()).toBe(2);
  });
});

describe('settling a receivable later (pelunasan)', () => {
  it('takes further payments of a partly paid bill up to what is outstanding, then voids them with the bill', async () => {
    const pasien = await t.makePatient(branchA, { name: 'Hadi Piutang', username: 'RM02000021' });
    const v = await finishedVisit(branchA, pasien, admin, doctor);
    const first = await t
      .api(admin)
      .post('/api/kasir/payment', { visit: v.visitId, payments: [{ method: cash, amount: 400000 }] });
    expect(first.status).toBe(201);
    const id = first.body.data.id as number;
    const bill = await t.api(admin).get(`/api/kasir/bill/${v.visitId}`);
    expect(bill.body.data).toMatchObject({
      pay_status: 'belum_lunas',
      payment: { id, total: 1000000, paid: 400000, outstanding: 600000, settlements: [] },
    });
    const queue = await t.api(admin).get(`/api/kasir/visit?paystatus=belum_lunas&keyword=RM02000021`);
    expect(queue.body.data).toEqual([
      expect.objectContaining({
        id: v.visitId,
        pay_status: 'belum_lunas',
        payment: expect.objectContaining({ outstanding: 600000 }),
      }),
    ]);
    expect((await t.api(admin).get(`/api/service/visit/${v.visitId}`)).body.data.pay_status).toBe('belum_lunas');
    // The first payment's path stays one payment per bill: 409, pointing at the settlement.
    const again = await t
      .api(admin2)
      .post('/api/kasir/payment', { visit: v.visitId, payments: [{ method: cash, amount: 600000 }] });
    expect(again.status).toBe(409);
    expect(again.body[0].message).toBe(
      `Tagihan kunjungan ini sudah dibayar sebagian oleh Rina Kasir (${first.body.data.code}); lunasi sisa Rp600.000 melalui pelunasan`,
    );

    // Bad input, another branch, a role without the cashier, over-paying: refused, nothing written.
    const before = await countRows(t.db, ...TABLES);
    const empty = await t.api(admin).post(`/api/kasir/payment/${id}/settle`, {});
    expect(empty.status).toBe(400);
    expect(empty.body[0]).toMatchObject({ field: 'payments', message: 'Pembayaran wajib diisi' });
    const over = await t
      .api(admin)
      .post(`/api/kasir/payment/${id}/settle`, { payments: [{ method: transfer, amount: 700000 }] });
    expect(over.status).toBe(400);
    expect(over.body[0]).toMatchObject({
      field: 'payments',
      message: 'Pembayaran melebihi sisa tagihan (Rp600.000)',
    });
    const body = { payments: [{ method: transfer, amount: 200000 }] };
    expect((await t.api(adminB).post(`/api/kasir/payment/${id}/settle`, body)).status).toBe(404);
    expect((await t.api(perawat).post(`/api/kasir/payment/${id}/settle`, body)).status).toBe(403);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);

    const s1 = await t.api(admin2).post(`/api/kasir/payment/${id}/settle`, body, { 'idempotency-key': 'pelunasan-01' });
    expect(s1.status).toBe(201);
    expect(s1.body.data).toMatchObject({ total: 200000, paid: 200000, change: 0, status: 'paid', outstanding: 400000 });
    expect(s1.body.data.code).toMatch(/^PLN\//);
    expect(await journalOf('kasir_payment', s1.body.data.id)).toEqual({ '1102': [20000000, 0], '1120': [0, 20000000] });
    const replay = await t
      .api(admin2)
      .post(`/api/kasir/payment/${id}/settle`, body, { 'idempotency-key': 'pelunasan-01' });
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(s1.body.data.id);
    // Cash above what is left gives change.
    const s2 = await t
      .api(admin)
      .post(`/api/kasir/payment/${id}/settle`, { payments: [{ method: cash, amount: 500000 }] });
    expect(s2.status).toBe(201);
    expect(s2.body.data).toMatchObject({ total: 400000, paid: 400000, change: 100000, outstanding: 0 });
    const done = await t.api(admin).post(`/api/kasir/payment/${id}/settle`, body);
    expect(done.status).toBe(409);
    expect(done.body[0].message).toBe('Tagihan ini sudah lunas');
    expect((await t.api(admin).get(`/api/kasir/bill/${v.visitId}`)).body.data.pay_status).toBe('lunas');
    expect((await t.api(admin).get(`/api/service/visit/${v.visitId}`)).body.data.pay_status).toBe('lunas');
    const pay = await t.api(admin).get(`/api/kasir/payment/${id}`);
    expect(pay.body.data).toMatchObject({ outstanding: 0, status: 'partly' });
    expect(pay.body.data.settlements.map((x: { code: string }) => x.code)).toEqual([
      s1.body.data.code,
      s2.body.data.code,
    ]);
    const nota = await t.api(admin).get(`/api/kasir/payment/${id}/nota`);
    expect(nota.status).toBe(200);

    // The database refuses over-settling and a hand-made change of what was settled.
    await expect(
      t.db.execute(sql`insert into kasir_payment (profile_id, code, kind, parent_id, session_id, cashier_id, paid_date,
        subtotal, total, paid, tendered, status, idempotency_key)
        select profile_id, 'X-1', 'pelunasan', id, session_id, cashier_id, paid_date, 100, 100, 100, 100, 'paid', 'x-1'
        from kasir_payment where id = ${id}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`update kasir_payment set settled = 0 where id = ${id}`)).rejects.toThrow();

    // Voiding the bill's payment takes its settlements with it; the visit is unpaid again and can be paid anew.
    const req = await t.api(admin).post(`/api/kasir/payment/${id}/void`, { reason: 'Salah tagihan' });
    expect(req.status).toBe(202);
    expect((await t.api(manager).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 })).status).toBe(
      200,
    );
    for (const x of [id, s1.body.data.id, s2.body.data.id])
      expect((await t.api(admin).get(`/api/kasir/payment/${x}`)).body.data.status).toBe('void');
    expect(await journalOf('kasir_void', s1.body.data.id)).toEqual({ '1102': [0, 20000000], '1120': [20000000, 0] });
    const receivable = await one<{ d: string; c: string }>(
      sql`select coalesce(sum(d.debit), 0)::text as d, coalesce(sum(d.credit), 0)::text as c
          from jurnal j join jurnal_detail d on d.jurnal_id = j.id join akun a on a.id = d.akun_id
          where a.code = '1120' and j.source_id in (${String(id)}, ${String(s1.body.data.id)}, ${String(s2.body.data.id)})
            and j.source_type in ('kasir_payment', 'kasir_void')`,
    );
    expect(receivable.d).toBe(receivable.c);
    expect((await t.api(admin).get(`/api/kasir/bill/${v.visitId}`)).body.data).toMatchObject({
      pay_status: 'belum_dibayar',
      payment: null,
    });
    const anew = await t
      .api(admin)
      .post('/api/kasir/payment', { visit: v.visitId, payments: [{ method: cash, amount: 1000000 }] });
    expect(anew.status).toBe(201);
    expect((await t.api(admin).get(`/api/service/visit/${v.visitId}`)).body.data.pay_status).toBe('lunas');
  });

  it('voids one settlement alone: the bill is partly paid again', async () => {
    const pasien = await t.makePatient(branchA, { name: 'Intan Piutang', username: 'RM02000022' });
    const v = await finishedVisit(branchA, pasien, admin, doctor);
    const first = await t
      .api(admin)
      .post('/api/kasir/payment', { visit: v.visitId, payments: [{ method: cash, amount: 100000 }] });
    const id = first.body.data.id as number;
    const s = await t
      .api(admin)
      .post(`/api/kasir/payment/${id}/settle`, { payments: [{ method: cash, amount: 900000 }] });
    expect(s.body.data.outstanding).toBe(0);
    const req = await t.api(admin).post(`/api/kasir/payment/${s.body.data.id}/void`, { reason: 'Uang palsu' });
    expect(req.status).toBe(202);
    await t.api(manager).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 });
    expect((await t.api(admin).get(`/api/kasir/payment/${id}`)).body.data).toMatchObject({
      status: 'partly',
      outstanding: 900000,
    });
    expect((await t.api(admin).get(`/api/kasir/bill/${v.visitId}`)).body.data.pay_status).toBe('belum_lunas');
  });
});

describe('POST /api/kasir/sales (general cashier)', () => {
  it('sells from the pharmacy with cost of goods, refuses short stock, and a void returns the stock', async () => {
    const stock = async () =>
      Number(
        (
          await one<{ q: number }>(
            sql`select coalesce(sum(quantity), 0)::int as q from stock_movement where item_id = ${serumId} and warehouse_id = ${apotek}`,
          )
        ).q,
      );
    const hppOf = async () =>
      Number(
        (
          await one<{ d: string }>(
            sql`select coalesce(sum(d.debit), 0)::text as d from jurnal j join jurnal_detail d on d.jurnal_id = j.id join akun a on a.id = d.akun_id
                where a.code = '5101' and j.profile_id = ${branchA}`,
          )
        ).d,
      );
    const onHand = await stock();
    const hppBefore = await hppOf();
    const before = await countRows(t.db, ...TABLES);
    const bad = await t
      .api(admin)
      .post('/api/kasir/sales', { warehouse: apotek, items: [], payments: [{ method: cash, amount: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toMatchObject({ field: 'items', message: 'Item wajib diisi' });
    const short = await t.api(admin).post('/api/kasir/sales', {
      warehouse: apotek,
      items: [{ item: serumId, qty: onHand + 4 }],
      payments: [{ method: cash, amount: (onHand + 4) * 250000 }],
    });
    expect(short.status).toBe(409);
    expect(short.body[0].message).toContain('tidak cukup');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    expect(
      (
        await t.api(perawat).post('/api/kasir/sales', {
          warehouse: apotek,
          items: [{ item: serumId, qty: 1 }],
          payments: [{ method: cash, amount: 250000 }],
        })
      ).status,
    ).toBe(403);
    const r = await t
      .api(admin)
      .post(
        '/api/kasir/sales',
        { warehouse: apotek, items: [{ item: serumId, qty: 2 }], payments: [{ method: cash, amount: 600000 }] },
        { 'idempotency-key': 'sales-key-0001' },
      );
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ total: 500000, paid: 500000, change: 100000 });
    expect(r.body.data.code).toMatch(/^PJU\//);
    expect(await journalOf('kasir_payment', r.body.data.id)).toEqual({ '1101': [50000000, 0], '4102': [0, 50000000] });
    expect(await stock()).toBe(onHand - 2);
    // Two units at the moving average of 10.000 each.
    expect((await hppOf()) - hppBefore).toBe(20_000_00);
    const v = await t.api(manager).post(`/api/kasir/payment/${r.body.data.id}/void`, { reason: 'Pelanggan batal' });
    expect(v.status).toBe(202);
    expect((await t.api(admin).post(`/api/applog/doconfirm/${v.body.data.applog_id}`, { status: 1 })).status).toBe(403);
    const approver = await t.makeUser('manager', { branchId: branchA });
    expect((await t.api(approver).post(`/api/applog/doconfirm/${v.body.data.applog_id}`, { status: 1 })).status).toBe(
      200,
    );
    expect(await stock()).toBe(onHand);
  });
});

describe('closing the till', () => {
  it('records the difference between counted and expected per method', async () => {
    const cur = await t.api(admin2).get('/api/kasir/session/current');
    const sid = cur.body.data.id as number;
    const m = await register(await t.makePatient(branchA, { name: 'Fajar', username: 'RM02000009' }));
    expect(
      (
        await t
          .api(admin2)
          .post('/api/kasir/cicilan', { membership: m, amount: 600000, payments: [{ method: cash, amount: 600000 }] })
      ).status,
    ).toBe(201);
    expect((await t.api(admin).post(`/api/kasir/session/${sid}/close`, { counts: [] })).status).toBe(403);
    expect((await t.api(adminB).post(`/api/kasir/session/${sid}/close`, { counts: [] })).status).toBe(404);
    const r = await t
      .api(admin2)
      .post(`/api/kasir/session/${sid}/close`, { counts: [{ method: cash, amount: 690000 }], note: 'kurang' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'closed',
      expected_total: 700000,
      counted_total: 690000,
      difference: -10000,
    });
    expect(r.body.data.methods.find((x: { method: number }) => x.method === cash)).toMatchObject({
      expected: 700000,
      counted: 690000,
      difference: -10000,
    });
    expect((await t.api(admin2).post(`/api/kasir/session/${sid}/close`, { counts: [] })).status).toBe(409);
    const report = await t.api(admin).get(`/api/kasir/report/daily?date=${today}`);
    expect(report.status).toBe(200);
    expect(report.body.data.byCashier.map((k: { cashier: string }) => k.cashier)).toEqual(
      expect.arrayContaining(['Rina Kasir', 'Dewi Kasir']),
    );
    const x = await t.api(admin).get(`/api/kasir/report/daily/export?date=${today}`);
    expect(x.status).toBe(200);
  });

  it('refunds a payment of a closed session out of the voiding cashier open session; the cash account equals the sessions', async () => {
    const branchC = await t.makeBranch({ name: 'Cabang Kasir C' });
    await t.db.insert(financePeriode).values({ profile_id: branchC, start_date: '2020-01-01', status: 0 });
    const kasirC = await t.makeUser('admin', { branchId: branchC, name: 'Sari Kasir' });
    const managerC = await t.makeUser('manager', { branchId: branchC });
    const doctorC = await t.makeUser('dokter', { branchId: branchC });
    // A treatment-only visit (no pharmacy stock in this branch).
    const pasien = await t.makePatient(branchC, { name: 'Joko Refund' });
    const v = await finishedVisit(branchC, pasien, kasirC, doctorC, false);
    const s1 = (await t.api(kasirC).post('/api/kasir/session', { opening_float: 100000 })).body.data.id as number;
    const pay = await t
      .api(kasirC)
      .post('/api/kasir/payment', { visit: v.visitId, payments: [{ method: cash, amount: 500000 }] });
    expect(pay.status).toBe(201);
    const closed1 = await t
      .api(kasirC)
      .post(`/api/kasir/session/${s1}/close`, { counts: [{ method: cash, amount: 600000 }] });
    expect(closed1.body.data).toMatchObject({ expected_total: 600000, difference: 0 });
    // The session of the payment is closed and the cashier has none open: nowhere for the money to come from.
    const none = await t.api(kasirC).post(`/api/kasir/payment/${pay.body.data.id}/void`, { reason: 'Pasien komplain' });
    expect(none.status).toBe(400);
    expect(none.body[0].message).toContain('Buka kasir terlebih dahulu');
    const s2 = (await t.api(kasirC).post('/api/kasir/session', { opening_float: 1000000 })).body.data.id as number;
    const req = await t.api(kasirC).post(`/api/kasir/payment/${pay.body.data.id}/void`, { reason: 'Pasien komplain' });
    expect(req.status).toBe(202);
    expect((await t.api(managerC).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 })).status).toBe(
      200,
    );
    // The closed session keeps its figures; the refund is cash out of the open one.
    const after1 = await t.api(kasirC).get(`/api/kasir/session/${s1}`);
    expect(after1.body.data).toMatchObject({ expected_total: 600000, counted_total: 600000, difference: 0 });
    const cur = await t.api(kasirC).get('/api/kasir/session/current');
    expect(cur.body.data).toMatchObject({ id: s2, expected_total: 500000 });
    const report = await t.api(kasirC).get(`/api/kasir/report/daily?date=${today}`);
    expect(report.body.data.total).toBe(0);
    const closed2 = await t
      .api(kasirC)
      .post(`/api/kasir/session/${s2}/close`, { counts: [{ method: cash, amount: 500000 }] });
    expect(closed2.body.data).toMatchObject({ expected_total: 500000, difference: 0 });
    // The cash account of the branch equals what its closed sessions took in and gave out (expected less the float).
    const kas = await one<{ b: string }>(
      sql`select coalesce(sum(d.debit - d.credit), 0)::text as b from jurnal j join jurnal_detail d on d.jurnal_id = j.id
          join akun a on a.id = d.akun_id where j.profile_id = ${branchC} and a.code = '1101'`,
    );
    const sessions = await one<{ s: string }>(
      sql`select coalesce(sum(k.expected - s.opening_float), 0)::text as s
          from kasir_session_count k join kasir_session s on s.id = k.session_id
          where s.profile_id = ${branchC} and s.status = 'closed' and k.payment_method_id = ${cash}`,
    );
    expect(Number(kas.b)).toBe(Number(sessions.s));
    expect(Number(kas.b)).toBe(0);
  });

  it('keeps every branch trial balance at zero', async () => {
    const rows = await queryRows<{ d: string; c: string }>(
      t.db,
      sql`select sum(debit)::text as d, sum(credit)::text as c from jurnal_detail`,
    );
    expect(rows[0].d).toBe(rows[0].c);
  });
});
