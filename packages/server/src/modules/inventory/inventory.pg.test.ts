/**
 * Thirty concurrent issues of an item with ten units left, on PostgreSQL only (the server-pg project): exactly ten
 * leave, the balance never goes below zero and every refusal is a clear 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asSen } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { TEST_RECEIPT_JOURNAL } from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { issueStock, receiveStock } from './index.js';

let t: TestApp;
let branch: number;
let user: TestUser;
let apotek: number;
let item: number;

async function id(q: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.db, q);
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Klinik Serentak' });
  user = await t.makeUser('apoteker', { branchId: branch });
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2020-01-01', status: 0 });
  apotek = await id(
    sql`insert into warehouse (profile_id, code, name, kind) values (${branch}, 'AP', 'Apotek', 'apotek') returning id`,
  );
  item = await id(
    sql`insert into item (profile_id, code, name, unit, track_batch) values (${branch}, 'PCT', 'Paracetamol 500 mg', 'tablet', true) returning id`,
  );
  await receiveStock(t.ctx(user), {
    warehouse: apotek,
    kind: 'receipt',
    journal: TEST_RECEIPT_JOURNAL,
    source: { kind: 'test', id: 1 },
    items: [
      { item, qty: 4, value: asSen(4_000), batch: { batch: 'A', expired_at: '2099-01-31' } },
      { item, qty: 6, value: asSen(9_000), batch: { batch: 'B', expired_at: '2099-06-30' } },
    ],
  });
});
afterAll(() => t.close());

describe('concurrent issues (PostgreSQL)', () => {
  it('lets exactly ten of thirty one-unit issues through; the rest are 409 "Stok ... tidak cukup"', async () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        issueStock(t.ctx(user), {
          warehouse: apotek,
          item,
          qty: 1,
          kind: 'dispense',
          source: { kind: 'test', id: 100 + i },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      const err = r.reason as { status: number; issues: { message: string }[] };
      expect(err.status).toBe(409);
      expect(err.issues[0].message).toMatch(/^Stok Paracetamol 500 mg tidak cukup/);
    }
    const [bal] = await queryRows<{ q: number; neg: number }>(
      t.db,
      sql`select coalesce(sum(quantity), 0)::int as q, count(*) filter (where quantity < 0)::int as neg
          from stock_balance where item_id = ${item}`,
    );
    expect(bal).toEqual({ q: 0, neg: 0 });
    const [moved] = await queryRows<{ q: number; v: number }>(
      t.db,
      sql`select sum(quantity)::int as q, sum(value)::bigint as v from stock_movement where item_id = ${item} and kind = 'dispense'`,
    );
    expect(Number(moved.q)).toBe(-10);
    // The whole value left with the last unit; the inventory account is back to zero.
    expect(Number(moved.v)).toBe(-13_000);
    const [acc] = await queryRows<{ b: number }>(
      t.db,
      sql`select coalesce(sum(d.debit - d.credit), 0)::bigint as b from jurnal_detail d join akun a on a.id = d.akun_id
          where d.profile_id = ${branch} and a.code = '1140'`,
    );
    expect(Number(acc.b)).toBe(0);
  });
});
