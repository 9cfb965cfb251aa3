/**
 * Races on PostgreSQL: thirty concurrent dispensings of an item with ten units left hand over exactly ten units,
 * nothing goes negative and every refusal is a clear 409 in Indonesian; a double submit of one dispensing hands
 * over once (same prescription without a key: 409; with an Idempotency-Key: the first answer again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { makeItem, makeResep, onHand, stockBranch, stockIn, type StockBranch } from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let b: StockBranch;
let apoteker: TestUser;
let manager: TestUser;
let item: number;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-20T03:00:00Z');
  b = await stockBranch(t, await t.makeBranch({ name: 'Klinik Balapan' }));
  apoteker = await t.makeUser('apoteker', { branchId: b.branch, password: null });
  manager = await t.makeUser('manager', { branchId: b.branch, password: null });
  const inv = await t.makeUser('inventory', { branchId: b.branch, password: null });
  item = await makeItem(t, b.branch, 'IBU', { name: 'Ibuprofen 400 mg', track_batch: true, selling_price: 200000 });
  await stockIn(t, inv, b.apotek, item, 6, 600_000, { batch: 'IB-1', expired_at: '2027-01-31' });
  await stockIn(t, inv, b.apotek, item, 4, 400_000, { batch: 'IB-2', expired_at: '2027-08-31' });
});
afterAll(() => t.close());

describe('concurrent dispensing', () => {
  it('thirty dispensings of one unit with ten left: exactly ten leave, the rest 409', async () => {
    const resep = [];
    for (let i = 0; i < 30; i++) resep.push(await makeResep(t, b.branch, manager, [{ item, qty: 1 }]));
    const results = await Promise.all(
      resep.map((r) => t.api(apoteker).post('/api/inventory/dispense', { resep: r.id, warehouse: b.apotek })),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body[0].message).toMatch(/^Stok Ibuprofen 400 mg tidak cukup/);
    }
    expect(await onHand(t, b.apotek, item)).toBe(0);
    const [neg] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from stock_balance where quantity < 0`,
    );
    expect(neg.n).toBe(0);
    const [moved] = await queryRows<{ q: number; d: number }>(
      t.db,
      sql`select -sum(quantity)::int as q, count(distinct source_id)::int as d from stock_movement
          where item_id = ${item} and kind = 'dispense'`,
    );
    expect(moved).toEqual({ q: 10, d: 10 });
    const [waiting] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from rm_prescription where profile_id = ${b.branch} and pharmacy_status = 'menunggu'`,
    );
    expect(waiting.n).toBe(20);
  });

  it('a double submit of the same dispensing hands over once', async () => {
    const inv = await t.makeUser('inventory', { branchId: b.branch, password: null });
    await stockIn(t, inv, b.apotek, item, 5, 500_000, { batch: 'IB-3', expired_at: '2027-09-30' });
    const r1 = await makeResep(t, b.branch, manager, [{ item, qty: 2 }]);
    const twice = await Promise.all([
      t.api(apoteker).post('/api/inventory/dispense', { resep: r1.id, warehouse: b.apotek }),
      t.api(apoteker).post('/api/inventory/dispense', { resep: r1.id, warehouse: b.apotek }),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(twice.find((r) => r.status === 409)!.body[0].message).toBe('Resep ini sudah diserahkan seluruhnya');
    expect(await onHand(t, b.apotek, item)).toBe(3);

    const r2 = await makeResep(t, b.branch, manager, [{ item, qty: 1 }]);
    const key = { 'idempotency-key': 'serah-resep-r2-0001' };
    const keyed = await Promise.all([
      t.api(apoteker).post('/api/inventory/dispense', { resep: r2.id, warehouse: b.apotek }, key),
      t.api(apoteker).post('/api/inventory/dispense', { resep: r2.id, warehouse: b.apotek }, key),
    ]);
    // The second waits for the first on the prescription's lock, then answers the first dispensing.
    expect(keyed.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(keyed[0].body.data.id).toBe(keyed[1].body.data.id);
    expect(await onHand(t, b.apotek, item)).toBe(2);
    const replay = await t.api(apoteker).post('/api/inventory/dispense', { resep: r2.id, warehouse: b.apotek }, key);
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(keyed.find((r) => r.status === 201)!.body.data.id);
  });
});
