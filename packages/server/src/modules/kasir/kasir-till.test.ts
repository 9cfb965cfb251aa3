import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { kasirSuite, TABLES, today } from '../../../test/kasir-fixture.js';

/** The general cashier's sales, closing the till, refunds out of another session (issue 14). */
const {
  t,
  branchA,
  admin,
  admin2,
  manager,
  adminB,
  perawat,
  serumId,
  apotek,
  cash,
  one,
  journalOf,
  register,
  finishedVisit,
} = await kasirSuite({ openSessions: true });

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
    // The daily report lists every cashier who took money today: Rina too, in her own session.
    const m2 = await register(await t.makePatient(branchA, { name: 'Gita', username: 'RM02000010' }));
    const paid = { membership: m2, amount: 600000, payments: [{ method: cash, amount: 600000 }] };
    expect((await t.api(admin).post('/api/kasir/cicilan', paid)).status).toBe(201);
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
