/**
 * The stock front door (issueStock / receiveStock / availableStock): FEFO picking that never takes an expired batch,
 * the moving average, journals in the same transaction, a clear 409 on a shortage, and nothing written on refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asSen } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { TEST_RECEIPT_JOURNAL } from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { availableStock, issueStock, receiveStock } from './index.js';

let t: TestApp;
let branch: number;
let other: number;
let user: TestUser;
let gudang: number;
let apotek: number;
let foreignWh: number;
let amox: number;
let kasa: number;

async function id(q: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.db, q);
  return Number(row.id);
}

async function accountBalance(code: string): Promise<number> {
  const [row] = await queryRows<{ b: number }>(
    t.db,
    sql`select coalesce(sum(d.debit - d.credit), 0)::bigint as b from jurnal_detail d join akun a on a.id = d.akun_id
        where d.profile_id = ${branch} and a.code = ${code}`,
  );
  return Number(row.b);
}

async function stockValue(): Promise<number> {
  const [row] = await queryRows<{ v: number }>(
    t.db,
    sql`select coalesce(sum(value), 0)::bigint as v from stock_movement where profile_id = ${branch}`,
  );
  return Number(row.v);
}

async function errorOf(
  p: Promise<unknown>,
): Promise<{ status: number; issues: { message: string; field?: string }[] }> {
  try {
    await p;
  } catch (e) {
    const err = e as { status: number; issues: { message: string; field?: string }[] };
    return { status: err.status, issues: err.issues };
  }
  throw new Error('expected an error');
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-20T03:00:00Z');
  branch = await t.makeBranch({ name: 'Klinik Stok' });
  other = await t.makeBranch({ name: 'Klinik Lain' });
  user = await t.makeUser('inventory', { branchId: branch });
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2026-01-01', status: 0 });
  gudang = await id(
    sql`insert into warehouse (profile_id, code, name, kind) values (${branch}, 'GU', 'Gudang Utama', 'gudang') returning id`,
  );
  apotek = await id(
    sql`insert into warehouse (profile_id, code, name, kind) values (${branch}, 'AP', 'Apotek', 'apotek') returning id`,
  );
  foreignWh = await id(
    sql`insert into warehouse (profile_id, code, name, kind) values (${other}, 'AP', 'Apotek Lain', 'apotek') returning id`,
  );
  amox = await id(
    sql`insert into item (profile_id, code, name, unit, track_batch) values (${branch}, 'AMX', 'Amoxicillin 500 mg', 'tablet', true) returning id`,
  );
  kasa = await id(
    sql`insert into item (profile_id, code, name, unit, last_purchase_price, conversion) values (${branch}, 'KASA', 'Kasa Steril', 'lembar', 50000, 10) returning id`,
  );
});
afterAll(() => t.close());

describe('receiveStock and issueStock', () => {
  it('receives batches with a journal Dr Persediaan / Cr Hutang Usaha of the same amount', async () => {
    const r = await receiveStock(t.ctx(user), {
      warehouse: apotek,
      kind: 'receipt',
      journal: TEST_RECEIPT_JOURNAL,
      source: { kind: 'test', id: 1 },
      items: [
        { item: amox, qty: 10, value: asSen(10_000), batch: { batch: 'EXP', expired_at: '2026-11-19' } },
        { item: amox, qty: 10, value: asSen(20_000), batch: { batch: 'LATE', expired_at: '2027-06-30' } },
        { item: amox, qty: 10, value: asSen(30_000), batch: { batch: 'SOON', expired_at: '2026-12-31' } },
      ],
    });
    expect(r.value).toBe(60_000);
    expect(r.jurnal?.code).toBeTruthy();
    expect(await accountBalance('1140')).toBe(60_000);
    expect(await accountBalance('2101')).toBe(-60_000);
    expect(await stockValue()).toBe(60_000);
  });

  it('picks first-expired-first-out, skipping the expired batch, at the moving average, posting HPP', async () => {
    const before = await availableStock(t.ctx(user), { warehouse: apotek, item: amox });
    expect(before.quantity).toBe(20);
    expect(before.batches.map((b) => b.batch_no)).toEqual(['SOON', 'LATE']);
    const r = await issueStock(t.ctx(user), {
      warehouse: apotek,
      item: amox,
      qty: 12,
      kind: 'dispense',
      source: { kind: 'test', id: 2 },
    });
    expect(r.lines.map((l) => [l.batch_no, l.qty])).toEqual([
      ['SOON', -10],
      ['LATE', -2],
    ]);
    // 30 units worth 60.000: average 2.000 a unit.
    expect(r.value).toBe(24_000);
    expect(await accountBalance('5101')).toBe(24_000);
    expect(await accountBalance('1140')).toBe(36_000);
    expect(await stockValue()).toBe(36_000);
  });

  it('refuses an expired batch asked for by number and a shortage with 409, writing nothing', async () => {
    const [exp] = await queryRows<{ id: number }>(t.db, sql`select id from stock_batch where batch = 'EXP'`);
    const count = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stock_movement`))[0].n;
    const n = await count();
    const e1 = await errorOf(
      issueStock(t.ctx(user), {
        warehouse: apotek,
        item: amox,
        qty: 1,
        batch: exp.id,
        kind: 'sale',
        source: { kind: 'test', id: 3 },
      }),
    );
    expect(e1.status).toBe(409);
    expect(e1.issues[0].message).toMatch(/kedaluwarsa/);
    const e2 = await errorOf(
      issueStock(t.ctx(user), { warehouse: apotek, item: amox, qty: 9, kind: 'sale', source: { kind: 'test', id: 3 } }),
    );
    expect(e2.status).toBe(409);
    expect(e2.issues[0]).toEqual({
      message: 'Stok Amoxicillin 500 mg tidak cukup: tersedia 8 tablet, diminta 9 tablet',
      field: 'items.0.qty',
    });
    expect(await count()).toBe(n);
  });

  it("requires a batch and expiry for a tracked item, and refuses another branch's warehouse", async () => {
    const e = await errorOf(
      receiveStock(t.ctx(user), {
        warehouse: apotek,
        kind: 'receipt',
        journal: TEST_RECEIPT_JOURNAL,
        source: { kind: 'test', id: 4 },
        items: [{ item: amox, qty: 1, value: asSen(100) }],
      }),
    );
    expect(e).toEqual({
      status: 400,
      issues: [{ message: 'Nomor batch Amoxicillin 500 mg wajib diisi', field: 'items.0.batch' }],
    });
    const f = await errorOf(
      receiveStock(t.ctx(user), {
        warehouse: foreignWh,
        kind: 'receipt',
        journal: TEST_RECEIPT_JOURNAL,
        source: { kind: 'test', id: 4 },
        items: [{ item: kasa, qty: 1, value: asSen(100) }],
      }),
    );
    expect(f).toEqual({ status: 400, issues: [{ message: 'Gudang tidak ditemukan', field: 'warehouse' }] });
  });

  it('values a receipt without a value at the last purchase price per selling unit, and moves stock between warehouses without a journal', async () => {
    const r = await receiveStock(t.ctx(user), {
      warehouse: gudang,
      kind: 'adjustment',
      source: { kind: 'test', id: 5 },
      items: [{ item: kasa, qty: 20 }],
    });
    expect(r.value).toBe(100_000); // 50.000 a box of 10
    expect(await accountBalance('5104')).toBe(-100_000);
    const out = await issueStock(t.ctx(user), {
      warehouse: gudang,
      item: kasa,
      qty: 5,
      kind: 'transfer_out',
      source: { kind: 'test', id: 6 },
    });
    expect(out.jurnal).toBeNull();
    const back = await receiveStock(t.ctx(user), {
      warehouse: apotek,
      kind: 'transfer_in',
      source: { kind: 'test', id: 6 },
      items: out.lines.map((l) => ({ item: l.item, qty: -l.qty, value: asSen(Math.abs(l.value)) })),
    });
    expect(back.jurnal).toBeNull();
    expect(await stockValue()).toBe(await accountBalance('1140'));
  });
});
