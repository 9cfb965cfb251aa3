import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows } from '../../../test/helpers.js';
import { kasirSuite, TABLES } from '../../../test/kasir-fixture.js';

/** Cash sessions and instalment payments at the till (issue 14). */
const { t, branchA, admin, admin2, manager, adminB, perawat, patient, cash, transfer, journalOf, register } =
  await kasirSuite();

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
