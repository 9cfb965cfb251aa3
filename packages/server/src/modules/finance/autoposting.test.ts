/**
 * Issue 28 items 7 and 8 through REST: the automatic journal settings (seeded per branch, versioned, refused with the
 * key named when unusable, previewed) and the stored-line reversal (a void reverses what the document posted even
 * when the mapping or the tax's account changed in between).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asSen, AUTOPOST_KEY_LIST, AUTOPOST_KEYS, todayIn } from '@klinik/shared';
import { receiveStock } from '../inventory/index.js';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { TEST_RECEIPT_JOURNAL } from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { journalOf as journalIn } from '../../../test/ledger-helpers.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let admin: TestUser;
let manager: TestUser;
let approver: TestUser;
let finance: TestUser;
let financeB: TestUser;
let perawat: TestUser;
let serum: number;
let apotek: number;
let cash: number;

const today = todayIn('Asia/Jakarta');
const journalOf = (sourceType: string, id: number | string) => journalIn(t.db, sourceType, id as number);

async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
  return (await queryRows<T>(t.db, q))[0];
}

async function account(code: string, name: string, category: number, normal: 'D' | 'K'): Promise<number> {
  const r = await t.api(manager).post('/api/finance/akun', { code, name, category, normal, parent: null });
  if (r.status === 201) return r.body.data.id as number;
  return (await one<{ id: number }>(sql`select id from akun where code = ${code}`)).id;
}

/** Every line of a journal source, akun code -> [debit, credit], swapped. */
function swapped(j: Record<string, [number, number]>) {
  return Object.fromEntries(Object.entries(j).map(([k, [d, c]]) => [k, [c, d]]));
}

async function sale(qty: number) {
  const r = await t.api(admin).post('/api/kasir/sales', {
    warehouse: apotek,
    items: [{ item: serum, qty }],
    payments: [{ method: cash, amount: qty * 250000 * 2 }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.id as number;
}

async function voidPayment(id: number) {
  const v = await t.api(admin).post(`/api/kasir/payment/${id}/void`, { reason: 'Salah input' });
  expect(v.status).toBe(202);
  const ok = await t.api(approver).post(`/api/applog/doconfirm/${v.body.data.applog_id}`, { status: 1 });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Klinik Autoposting' });
  branchB = await t.makeBranch({ name: 'Cabang Autoposting B' });
  admin = await t.makeUser('admin', { branchId: branchA });
  manager = await t.makeUser('manager', { branchId: branchA });
  approver = await t.makeUser('manager', { branchId: branchA });
  finance = await t.makeUser('finance', { branchId: branchA });
  financeB = await t.makeUser('finance', { branchId: branchB });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  for (const b of [branchA, branchB])
    await t.db.insert(financePeriode).values({ profile_id: b, start_date: '2020-01-01', status: 0 });
  const item = await t.api(admin).post('/api/master/item', {
    code: 'IT-AUTO',
    name: 'Serum Autoposting',
    unit: 'botol',
    category: 'Skincare',
    selling_price: 250000,
  });
  expect(item.status).toBe(201);
  serum = item.body.data.id;
  cash = (await one<{ id: number }>(sql`select id from payment_method where type = 'tunai' order by id limit 1`)).id;
  apotek = (
    await one<{ id: number }>(
      sql`insert into warehouse (profile_id, code, name, kind) values (${branchA}, 'AP', 'Apotek', 'apotek') returning id`,
    )
  ).id;
  await receiveStock(t.ctx(manager), {
    warehouse: apotek,
    kind: 'receipt',
    journal: TEST_RECEIPT_JOURNAL,
    source: { kind: 'test', id: 1 },
    items: [{ item: serum, qty: 100, value: asSen(1_000_000_00) }],
  });
  expect((await t.api(manager).put('/api/kasir/setting', { is_pkp: true, discount_limit_percent: 10 })).status).toBe(
    200,
  );
  expect((await t.api(admin).post('/api/kasir/session', { opening_float: 500000 })).status).toBe(201);
});
afterAll(() => t.close());

describe('automatic journal settings', () => {
  it('seeds the default mapping for every branch, a new one included', async () => {
    const r = await t.api(finance).get('/api/finance/autoposting');
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(AUTOPOST_KEY_LIST.length);
    for (const row of r.body.data) {
      expect(row.current, row.key).not.toBeNull();
      expect(row.current.akun, row.key).toBe(AUTOPOST_KEYS[row.key as keyof typeof AUTOPOST_KEYS].default);
    }
    const fresh = await t.makeBranch({ name: 'Cabang Baru Autoposting' });
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from finance_autoposting where profile_id = ${fresh}`,
    );
    expect(Number(rows[0].n)).toBe(AUTOPOST_KEY_LIST.length);
    expect((await t.api(perawat).get('/api/finance/autoposting')).status).toBe(403);
  });

  it('answers 400 in Indonesian on the field and writes nothing', async () => {
    const before = await countRows(t.db, 'finance_autoposting');
    const header = await one<{ id: number }>(sql`select id from akun where isheader order by id limit 1`);
    const cases: [string, object, number, string][] = [
      ['hutangDokter', {}, 400, 'akun'],
      ['hutangDokter', { akun: '9999', effective_from: today }, 400, 'akun'],
      ['hutangDokter', { akun: header.id, effective_from: today }, 400, 'akun'],
      ['hutangDokter', { akun: '2102', effective_from: '2026-02-30' }, 400, 'effective_from'],
      ['hutangDokter', { akun: '2102', effective_from: '2019-12-31' }, 400, 'effective_from'],
      ['tidakAda', { akun: '2102', effective_from: today }, 404, ''],
    ];
    for (const [key, body, status, field] of cases) {
      const r = await t.api(finance).put(`/api/finance/autoposting/${key}`, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      if (field) expect(r.body.map((e: { field: string }) => e.field)).toContain(field);
      expect(r.body[0].message).toMatch(/[a-z]/);
    }
    const other = await account('1199', 'Kas Cabang B Saja', 1, 'D');
    await t.db.execute(sql`update akun set profile_id = ${branchB} where id = ${other}`);
    const foreign = await t
      .api(finance)
      .put('/api/finance/autoposting/piutangPasien', { akun: other, effective_from: today });
    expect(foreign.status).toBe(400);
    expect(foreign.body[0].message).toContain('milik cabang lain');
    expect(
      (await t.api(perawat).put('/api/finance/autoposting/hutangDokter', { akun: '2102', effective_from: today }))
        .status,
    ).toBe(403);
    expect(await countRows(t.db, 'finance_autoposting')).toEqual(before);
    // History is never edited in place.
    await expect(t.db.execute(sql`update finance_autoposting set akun_id = akun_id`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from finance_autoposting`)).rejects.toThrow();
  });

  it('a taxed sale voided after the mapping and the tax account changed reverses exactly what it posted', async () => {
    const id = await sale(2);
    const posted = await journalOf('kasir_payment', id);
    const cost = await journalOf('stock_sale', `kasir_payment:${id}`);
    expect(posted).toMatchObject({ '4102': [0, 50000000] });
    expect(Object.keys(posted)).toContain('2205');

    // Between the sale and its void: revenue, cost of goods and stock keys move; PPN points at another account.
    const revenue = await account('4190', 'Pendapatan Produk Apotek', 4, 'K');
    const hpp = await account('5190', 'HPP Apotek', 5, 'D');
    const ppnAkun = await account('2290', 'PPN Keluaran Apotek', 2, 'K');
    for (const [key, akun] of [
      ['pendapatanProduk', revenue],
      ['hpp', hpp],
    ] as const) {
      const r = await t.api(finance).put(`/api/finance/autoposting/${key}`, { akun, effective_from: today });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.current).toMatchObject({ akun_id: akun, effective_from: today });
      expect(r.body.data.history.length).toBe(2);
    }
    await t.db.execute(sql`update pajak set akun_id = ${ppnAkun} where upper(code) = 'PPN'`);

    // The preview of the posted sale names the accounts it would use now; nothing is written.
    const before = await countRows(t.db, 'jurnal', 'jurnal_detail', 'finance_autoposting');
    const pv = await t
      .api(finance)
      .post('/api/finance/autoposting/preview', { source_type: 'kasir_payment', source: id });
    expect(pv.status, JSON.stringify(pv.body)).toBe(200);
    const revenueLine = pv.body.data.lines.find((l: { key: string }) => l.key === 'pendapatanProduk');
    expect(revenueLine).toMatchObject({ akun: '4190', posted_akun: '4102', credit: 500000 });
    expect(pv.body.data.debit).toBe(pv.body.data.credit);
    const edited = await t.api(finance).post('/api/finance/autoposting/preview', {
      source_type: 'kasir_payment',
      source: String(id),
      change: { key: 'pendapatanProduk', akun: '4101' },
    });
    expect(edited.body.data.lines.find((l: { key: string }) => l.key === 'pendapatanProduk').akun).toBe('4101');
    expect(
      (await t.api(finance).post('/api/finance/autoposting/preview', { source_type: 'kasir_payment', source: 999999 }))
        .status,
    ).toBe(404);
    expect(
      (await t.api(financeB).post('/api/finance/autoposting/preview', { source_type: 'kasir_payment', source: id }))
        .status,
    ).toBe(404);
    expect(await countRows(t.db, 'jurnal', 'jurnal_detail', 'finance_autoposting')).toEqual(before);

    await voidPayment(id);
    expect(await journalOf('kasir_void', id)).toEqual(swapped(posted));
    expect(await journalOf('stock_return', `kasir_void:${id}`)).toEqual(swapped(cost));
    const v = await one<{ kind: string; reversal_of: number }>(
      sql`select kind, reversal_of from jurnal where source_type = 'kasir_void' and source_id = ${String(id)}`,
    );
    expect(v.kind).toBe('reversal');

    // A new sale books to the accounts in force now.
    const next = await sale(1);
    const now = await journalOf('kasir_payment', next);
    expect(Object.keys(now)).toEqual(expect.arrayContaining(['4190', '2290']));
    expect(Object.keys(now)).not.toContain('4102');
    expect(Object.keys(await journalOf('stock_sale', `kasir_payment:${next}`))).toContain('5190');
    // Branch B keeps its own mapping.
    const b = (await t.api(financeB).get('/api/finance/autoposting')).body.data;
    expect(b.find((r: { key: string }) => r.key === 'pendapatanProduk').current.akun).toBe('4102');
  });

  it('refuses a posting whose key maps to an unusable account, naming the key; nothing falls back', async () => {
    const revenue = await one<{ id: number }>(sql`select id from akun where code = '4190'`);
    await t.db.execute(sql`update akun set status = 0 where id = ${revenue.id}`);
    try {
      const before = await countRows(t.db, 'kasir_payment', 'jurnal', 'stock_movement');
      const r = await t.api(admin).post('/api/kasir/sales', {
        warehouse: apotek,
        // Three units: a sale of the same items by the same cashier within 2 minutes is a replay of the earlier one.
        items: [{ item: serum, qty: 3 }],
        payments: [{ method: cash, amount: 900000 }],
      });
      expect(r.status).toBe(400);
      expect(r.body[0].message).toContain('pendapatanProduk');
      expect(r.body[0].message).toContain('tidak aktif');
      expect(await countRows(t.db, 'kasir_payment', 'jurnal', 'stock_movement')).toEqual(before);
    } finally {
      await t.db.execute(sql`update akun set status = 1 where id = ${revenue.id}`);
    }
  });

  it('a journal of a document is reversed only through the front door', async () => {
    const j = await one<{ id: number }>(
      sql`select id from jurnal where source_type = 'kasir_payment' order by id desc limit 1`,
    );
    const r = await t.api(finance).post(`/api/finance/jurnal/${j.id}/reverse`, {});
    expect(r.status).toBe(400);
    await expect(
      t.db
        .execute(sql`insert into jurnal (profile_id, periode_id, code, transaction_at, kind, source_type, source_id, reversal_of, total, line_count)
        select profile_id, periode_id, 'X-REV', transaction_at, 'reversal', source_type, source_id, id, total, line_count from jurnal where id = ${j.id}`),
    ).rejects.toThrow();
  });
});
