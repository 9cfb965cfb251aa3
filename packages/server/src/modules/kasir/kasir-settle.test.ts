import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows } from '../../../test/helpers.js';
import { kasirSuite, TABLES } from '../../../test/kasir-fixture.js';

/** Settling a partly paid bill later (pelunasan) and voiding settlements (issue 14). */
const { t, branchA, admin, admin2, manager, adminB, perawat, doctor, cash, transfer, one, journalOf, finishedVisit } =
  await kasirSuite({ openSessions: true });

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
