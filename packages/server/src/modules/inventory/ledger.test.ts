/**
 * The stock ledger's database rules (drizzle/*_inventory_rules.sql), straight in SQL: whatever a service does, the
 * database keeps on-hand quantities and the moving average itself and refuses what would make them wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let branch: number;
let other: number;
let wh: number;
let wh2: number;
let item: number;
let batch: number;

async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(t.db, q);
  return row;
}

async function move(qty: number, value: number | null, w = wh, b: number | null = batch) {
  return one<{ id: number; value: number; unit_cost: number }>(sql`
    insert into stock_movement (profile_id, warehouse_id, item_id, batch_id, quantity, value, kind, moved_at, source_kind, source_id)
    values (${branch}, ${w}, ${item}, ${b}, ${qty}, ${value}, ${qty > 0 ? 'receipt' : 'sale'}, '2026-11-01', 'test', 1)
    returning id, value::int as value, unit_cost::int as unit_cost`);
}

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    const err = e as { message?: string; cause?: { message?: string } };
    return `${err.message ?? ''} ${err.cause?.message ?? ''}`;
  }
  return 'no error';
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Klinik Stok' });
  other = await t.makeBranch({ name: 'Klinik Lain' });
  wh = (
    await one<{ id: number }>(
      sql`insert into warehouse (profile_id, code, name, kind) values (${branch}, 'GU', 'Gudang Utama', 'gudang') returning id`,
    )
  ).id;
  wh2 = (
    await one<{ id: number }>(
      sql`insert into warehouse (profile_id, code, name, kind) values (${branch}, 'AP', 'Apotek', 'apotek') returning id`,
    )
  ).id;
  item = (
    await one<{ id: number }>(
      sql`insert into item (profile_id, code, name, unit, track_batch) values (${branch}, 'OB1', 'Amoxicillin 500', 'tablet', true) returning id`,
    )
  ).id;
  batch = (
    await one<{ id: number }>(
      sql`insert into stock_batch (profile_id, item_id, batch, expired_at) values (${branch}, ${item}, 'B1', '2027-01-01') returning id`,
    )
  ).id;
});
afterAll(() => t.close());

describe('stock ledger rules', () => {
  it('keeps the balance and the moving average, valuing issues at the average until the last unit', async () => {
    await move(10, 10_000); // 10 @ 1.000
    await move(5, 8_000); // 5 @ 1.600 -> 15 units worth 18.000, average 1.200
    const out = await move(-4, null);
    expect(out.value).toBe(-4_800);
    expect(out.unit_cost).toBe(1_200);
    await move(3, 3_000); // 14 units worth 16.200
    const third = await move(-3, null); // 16.200 * 3 / 14 = 3.471,43 -> 3.471
    expect(third.value).toBe(-3_471);
    const last = await move(-11, null); // the last units take what is left
    expect(last.value).toBe(-(16_200 - 3_471));
    const v = await one<{ quantity: number; value: number }>(
      sql`select quantity::int as quantity, value::int as value from stock_valuation where item_id = ${item}`,
    );
    expect(v).toEqual({ quantity: 0, value: 0 });
    const b = await one<{ quantity: number }>(
      sql`select quantity from stock_balance where warehouse_id = ${wh} and item_id = ${item}`,
    );
    expect(b.quantity).toBe(0);
  });

  it('refuses a movement that would take a balance below zero, changing nothing', async () => {
    await move(2, 2_000);
    expect(await failure(move(-3, null))).toMatch(/stock_valuation_quantity_check|stock_balance_quantity_check/);
    // Enough in the branch but not in this warehouse.
    expect(await failure(move(-1, null, wh2))).toMatch(/stock_balance_quantity_check/);
    const b = await one<{ quantity: number }>(
      sql`select quantity from stock_balance where warehouse_id = ${wh} and item_id = ${item}`,
    );
    expect(b.quantity).toBe(2);
  });

  it('is append-only and derived rows are written only by the ledger', async () => {
    expect(await failure(t.db.execute(sql`update stock_movement set quantity = 100`))).toMatch(/tidak dapat diubah/);
    expect(await failure(t.db.execute(sql`delete from stock_movement`))).toMatch(/tidak dapat diubah/);
    expect(await failure(t.db.execute(sql`update stock_balance set quantity = 100`))).toMatch(/lewat mutasi stok/);
    expect(await failure(t.db.execute(sql`update stock_valuation set value = 1`))).toMatch(/lewat mutasi stok/);
    expect(
      await failure(
        t.db.execute(
          sql`insert into stock_balance (profile_id, warehouse_id, item_id, quantity) values (${branch}, ${wh2}, ${item}, 5)`,
        ),
      ),
    ).toMatch(/lewat mutasi stok/);
  });

  it('refuses a warehouse, item or batch of another branch', async () => {
    const foreignWh = (
      await one<{ id: number }>(
        sql`insert into warehouse (profile_id, code, name) values (${other}, 'GX', 'Gudang Lain') returning id`,
      )
    ).id;
    expect(await failure(move(1, 100, foreignWh))).toMatch(/Gudang bukan milik cabang/);
    const otherItem = (
      await one<{ id: number }>(
        sql`insert into item (profile_id, code, name, unit) values (${branch}, 'OB2', 'Lain', 'pcs') returning id`,
      )
    ).id;
    const otherBatch = (
      await one<{ id: number }>(
        sql`insert into stock_batch (profile_id, item_id, batch, expired_at) values (${branch}, ${otherItem}, 'X', '2027-01-01') returning id`,
      )
    ).id;
    expect(await failure(move(1, 100, wh, otherBatch))).toMatch(/Batch bukan milik item/);
  });
});
