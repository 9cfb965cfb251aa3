/**
 * An expired batch never leaves for a patient or a sale, but a stock count writes it off (issue 13 items 2 and 5):
 * the count takes exactly that batch to zero, posts the loss, and the unexpired batch stays untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { accountBalance, makeItem, stockBranch, stockIn, type StockBranch } from '../../../test/stock-fixtures.js';

let t: TestApp;
let wh: StockBranch;
let inv: TestUser;
let cream: number;

async function batchQty(batch: string): Promise<number> {
  const [r] = await queryRows<{ q: number }>(
    t.db,
    sql`select coalesce(sum(b.quantity), 0)::int as q from stock_balance b join stock_batch s on s.id = b.batch_id
        where b.warehouse_id = ${wh.apotek} and s.batch = ${batch}`,
  );
  return Number(r.q);
}

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch({ name: 'Cabang Opname Kedaluwarsa' });
  inv = await t.makeUser('manager', { branchId: branch });
  wh = await stockBranch(t, branch);
  cream = await makeItem(t, branch, 'OB-KRIM', { name: 'Krim Hidrokortison', track_batch: true });
  const today = new Date().toISOString().slice(0, 10);
  // Both received while good; one of them expired since.
  await stockIn(t, inv, wh.apotek, cream, 3, 3 * 20_000_00, { batch: 'OLD01', expired_at: addDays(today, -2) });
  await stockIn(t, inv, wh.apotek, cream, 5, 5 * 20_000_00, { batch: 'NEW01', expired_at: addDays(today, 200) });
});
afterAll(() => t?.close());

describe('writing off an expired batch', () => {
  it('a count takes it to zero with the loss posted; the good batch stays', async () => {
    const sheet = await t.api(inv).get(`/api/inventory/adjustment/sheet?warehouse=${wh.apotek}`);
    expect(sheet.status).toBe(200);
    const old = (sheet.body.data.lines as { item: number; batch_id: number | null; batch: string | null }[]).find(
      (l) => l.item === cream && l.batch === 'OLD01',
    );
    expect(old).toBeDefined();
    const loss = await accountBalance(t, wh.branch, '5104');
    const res = await t.api(inv).post('/api/inventory/adjustment', {
      warehouse: wh.apotek,
      items: [{ item: cream, batch: old!.batch_id, counted: 0 }],
      reason: 'Pemusnahan batch kedaluwarsa',
    });
    expect(res.status).toBe(201);
    expect(await batchQty('OLD01')).toBe(0);
    expect(await batchQty('NEW01')).toBe(5);
    expect(await accountBalance(t, wh.branch, '5104')).toBe(loss + 3 * 20_000_00);
    // What is left for patients is the good batch only.
    const stock = await t.api(inv).get(`/api/inventory/stock?warehouse=${wh.apotek}&item=${cream}`);
    expect(
      stock.body.data.filter((r: { quantity: number }) => r.quantity > 0).map((r: { batch: string }) => r.batch),
    ).toEqual(['NEW01']);
  });
});
