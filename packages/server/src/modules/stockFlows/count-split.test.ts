/**
 * Issue 25 finding 7: the stock count's approval threshold cannot be bypassed by splitting. One count losing
 * Rp2.700.000 waits for approval; so do the second and third of three counts of Rp900.000 of the same item on one day,
 * and a second count of another item by the same user once the user's day passes the threshold. Another user's small
 * count of another item still posts; a rejected count no longer counts towards the day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { makeItem, onHand, stockBranch, stockIn, type StockBranch } from '../../../test/stock-fixtures.js';

let t: TestApp;
let b: StockBranch;
let inv: TestUser;
let inv2: TestUser;
let manager: TestUser;
let item: number;
let other: number;
let third: number;

// Rp100.000 a unit: 9 units are Rp900.000, under the default threshold of Rp1.000.000.
beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-20T03:00:00Z');
  b = await stockBranch(t, await t.makeBranch({ name: 'Klinik Pecah' }));
  inv = await t.makeUser('inventory', { branchId: b.branch, password: null });
  inv2 = await t.makeUser('inventory', { branchId: b.branch, password: null });
  manager = await t.makeUser('manager', { branchId: b.branch, password: null });
  item = await makeItem(t, b.branch, 'MHL', { name: 'Obat Mahal' });
  other = await makeItem(t, b.branch, 'LAIN', { name: 'Obat Lain' });
  third = await makeItem(t, b.branch, 'KETIGA', { name: 'Obat Ketiga' });
  for (const i of [item, other, third]) await stockIn(t, inv, b.gudang, i, 100, 1_000_000_000);
});
afterAll(() => t.close());

async function count(as: TestUser, id: number, lose: number) {
  const counted = (await onHand(t, b.gudang, id)) - lose;
  const res = await t.api(as).post('/api/inventory/adjustment', {
    warehouse: b.gudang,
    items: [{ item: id, counted }],
    reason: 'Selisih hitung',
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; status: number; pending: boolean; applog_id: number | null };
}

describe('stock count threshold over the day', () => {
  it('one count of the whole loss waits for approval (the control)', async () => {
    const one = await count(inv, item, 27);
    expect(one).toMatchObject({ status: 1, pending: true });
    // Rejected: it no longer counts towards the day.
    expect(
      (await t.api(manager).post(`/api/applog/doconfirm/${one.applog_id}`, { status: -1, reason: 'Hitung ulang' }))
        .status,
    ).toBe(200);
    expect(await onHand(t, b.gudang, item)).toBe(100);
  });

  it('three counts of Rp900.000 of the same item: the first posts, the next ones wait', async () => {
    const first = await count(inv, item, 9);
    expect(first).toMatchObject({ status: 2, pending: false });
    expect(await onHand(t, b.gudang, item)).toBe(91);
    // Another user: the item's day total decides, not who counts.
    const second = await count(inv2, item, 9);
    expect(second).toMatchObject({ status: 1, pending: true });
    const third = await count(inv2, item, 9);
    expect(third).toMatchObject({ status: 1, pending: true });
    expect(await onHand(t, b.gudang, item)).toBe(91);
  });

  it("the same user's day total counts across items; another user's small count still posts", async () => {
    // inv already moved Rp900.000 today (the posted count): Rp200.000 more of another item passes Rp1.000.000.
    const more = await count(inv, other, 2);
    expect(more).toMatchObject({ status: 1, pending: true });
    expect(await onHand(t, b.gudang, other)).toBe(100);
    // A fresh user, a fresh item, Rp100.000: posted at once.
    const small = await count(manager, third, 1);
    expect(small).toMatchObject({ status: 2, pending: false });
    expect(await onHand(t, b.gudang, third)).toBe(99);
  });
});
