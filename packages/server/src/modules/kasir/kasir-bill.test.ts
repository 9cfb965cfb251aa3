import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { coveredSlots } from '@klinik/shared';
import { countRows } from '../../../test/helpers.js';
import { kasirSuite, TABLES } from '../../../test/kasir-fixture.js';

/** A visit's bill and its payment at the till: package slots, split tenders, discounts, the nota (issue 14). */
const {
  t,
  branchA,
  branchB,
  admin,
  admin2,
  manager,
  adminB,
  doctor,
  patient,
  serumId,
  cash,
  transfer,
  one,
  journalOf,
  register,
  finishedVisit,
} = await kasirSuite({ openSessions: true });

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

  it('refuses a payment naming slots its bill no longer covers (a slot gone to another visit meanwhile)', async () => {
    // Found by the bank test: of two clicks of one payment, the first was refused ('Slot paket sudah terpakai') and
    // the second, reading the bill again without the slot, charged the treatment as a receivable nobody asked for.
    const other = await t.makePatient(branchA, { name: 'Fajar Member', username: 'RM02000004' });
    await register(other);
    const v = await finishedVisit(branchA, other, admin, doctor);
    const bill = await t.api(admin).get(`/api/kasir/bill/${v.visitId}`);
    const slots = coveredSlots(bill.body.data);
    expect(slots).toHaveLength(1);
    await t.db.execute(sql`update paket_membership_slot set used_slot = free_slot where id = ${slots[0]}`);
    const before = await countRows(t.db, ...TABLES);
    const body = { visit: v.visitId, paket_slots: slots, payments: [{ method: cash, amount: bill.body.data.total }] };
    const res = await t.api(admin).post('/api/kasir/payment', body, { 'idempotency-key': 'slot-gone-0001' });
    expect(res.status).toBe(409);
    expect(res.body[0].message).toBe('Slot paket sudah terpakai oleh transaksi lain; muat ulang tagihan');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    // The same request again (a second click): refused the same way, never a payment.
    const again = await t.api(admin).post('/api/kasir/payment', body, { 'idempotency-key': 'slot-gone-0001' });
    expect(again.status).toBe(409);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    // The bill read again names no slot; paid as it now is, it goes through.
    const fresh = await t.api(admin).get(`/api/kasir/bill/${v.visitId}`);
    expect(coveredSlots(fresh.body.data)).toEqual([]);
    const paid = await t.api(admin).post('/api/kasir/payment', {
      visit: v.visitId,
      paket_slots: [],
      payments: [{ method: cash, amount: fresh.body.data.total }],
    });
    expect(paid.status).toBe(201);
    expect(paid.body.data.status).toBe('paid');
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
