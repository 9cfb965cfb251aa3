/**
 * Inventory through REST: masters, purchase orders and receipts (payable and inventory account move by the same
 * amount), stock search, stock card, the stock value equal to account 1140; 400 in Indonesian with nothing
 * written, 403 for a role without the privilege, 404 for another branch's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { financePeriode } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { sql } from 'drizzle-orm';

let t: TestApp;
let branchA: number;
let branchB: number;
let inv: TestUser;
let invB: TestUser;
let perawat: TestUser;
let apoteker: TestUser;
let owner: TestUser;
let vendor: number;
let gudang: number;
let apotek: number;
let amox: number;
let kasa: number;
let category: number;

const TABLES = ['purchase_order', 'purchase_order_item', 'purchase_receipt', 'stock_movement', 'stock_batch', 'jurnal'];

async function account(code: string, branch = branchA): Promise<number> {
  const [row] = await queryRows<{ b: number }>(
    t.db,
    sql`select coalesce(sum(d.debit - d.credit), 0)::bigint as b from jurnal_detail d join akun a on a.id = d.akun_id
        where d.profile_id = ${branch} and a.code = ${code}`,
  );
  return Number(row.b) / 100;
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-20T03:00:00Z');
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  inv = await t.makeUser('inventory', { branchId: branchA });
  invB = await t.makeUser('inventory', { branchId: branchB });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  apoteker = await t.makeUser('apoteker', { branchId: branchA });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  await t.db.insert(financePeriode).values({ profile_id: branchA, start_date: '2026-01-01', status: 0 });
});
afterAll(() => t.close());

describe('masters', () => {
  it('creates categories, vendors and warehouses; refuses bad input in Indonesian and duplicates', async () => {
    const c = await t.api(inv).post('/api/inventory/category', { name: 'Obat Keras' });
    expect(c.status).toBe(201);
    category = c.body.data.id;
    expect((await t.api(inv).post('/api/inventory/category', { name: 'obat keras' })).status).toBe(409);

    const before = await countRows(t.db, 'vendor');
    const bad = await t.api(inv).post('/api/inventory/vendor', { code: '', name: 'X', npwp: '123', payment_terms: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      expect.arrayContaining([
        { message: 'Kode wajib diisi', field: 'code' },
        { message: 'NPWP harus 15 atau 16 digit angka', field: 'npwp' },
        { message: 'Termin pembayaran tidak boleh negatif', field: 'payment_terms' },
      ]),
    );
    expect(await countRows(t.db, 'vendor')).toEqual(before);
    const v = await t.api(inv).post('/api/inventory/vendor', {
      code: 'v-kf',
      name: 'PT Kimia Farma Trading',
      contact: 'Budi',
      phone: '0812-3456-7890',
      npwp: '01.234.567.8-901.000',
      payment_terms: 30,
    });
    expect(v.status).toBe(201);
    expect(v.body.data).toMatchObject({
      code: 'V-KF',
      npwp: '012345678901000',
      phone: '081234567890',
      payment_terms: 30,
    });
    vendor = v.body.data.id;

    gudang = (await t.api(inv).post('/api/inventory/warehouse', { code: 'GU', name: 'Gudang Utama', kind: 'gudang' }))
      .body.data.id;
    const ap = await t.api(inv).post('/api/inventory/warehouse', { code: 'AP', name: 'Apotek', kind: 'apotek' });
    expect(ap.status).toBe(201);
    apotek = ap.body.data.id;
    const second = await t.api(inv).post('/api/inventory/warehouse', { code: 'AP2', name: 'Apotek 2', kind: 'apotek' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual([{ message: 'Cabang ini sudah punya gudang Apotek yang aktif', field: 'kind' }]);
    expect((await t.api(inv).post('/api/inventory/warehouse', { code: 'X', name: 'X', kind: 'lemari' })).body).toEqual([
      { message: 'Jenis gudang harus gudang, apotek atau tindakan', field: 'kind' },
    ]);
  });

  it('gives items a category of the branch, purchase unit, conversion, minimum and batch tracking', async () => {
    const a = await t.api(inv).post('/api/master/item', {
      code: 'AMX',
      name: 'Amoxicillin 500 mg',
      unit: 'tablet',
      category_id: category,
      purchase_unit: 'box',
      conversion: 100,
      min_stock: 500,
      track_batch: true,
      kfa_code: '93000519',
      selling_price: 1500,
    });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ category: 'Obat Keras', conversion: 100, track_batch: true, min_stock: 500 });
    amox = a.body.data.id;
    kasa = (
      await t
        .api(inv)
        .post('/api/master/item', { code: 'KASA', name: 'Kasa Steril', unit: 'lembar', selling_price: 2000 })
    ).body.data.id;
    const catB = await t.api(invB).post('/api/inventory/category', { name: 'Kategori B' });
    const wrong = await t.api(inv).post('/api/master/item', {
      code: 'X1',
      name: 'X',
      unit: 'pcs',
      category_id: catB.body.data.id,
      selling_price: 0,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual([{ message: 'Kategori tidak ditemukan', field: 'category_id' }]);
    const conv = await t
      .api(inv)
      .post('/api/master/item', { code: 'X2', name: 'X', unit: 'pcs', conversion: 0, selling_price: 0 });
    expect(conv.body).toEqual([{ message: 'Minimal 1', field: 'conversion' }]);
  });

  it('refuses roles without the privilege (403) and another branch (404)', async () => {
    expect((await t.api(perawat).get('/api/inventory/vendor')).status).toBe(403);
    expect((await t.api(apoteker).post('/api/inventory/vendor', { code: 'Z', name: 'Z' })).status).toBe(403);
    expect((await t.api(perawat).get('/api/inventory/stock')).status).toBe(403);
    expect((await t.api(apoteker).get('/api/inventory/stock')).status).toBe(200);
    expect((await t.api(invB).get(`/api/inventory/vendor/${vendor}`)).status).toBe(404);
    expect(
      (await t.api(invB).put(`/api/inventory/warehouse/${gudang}`, { code: 'GU', name: 'Y', kind: 'gudang' })).status,
    ).toBe(404);
    expect((await t.api(invB).get('/api/inventory/vendor')).body.count).toBe(0);
  });
});

describe('purchasing', () => {
  let order: number;

  it('creates an order with a code from the numbering service; bad input writes nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const bad = await t.api(inv).post('/api/inventory/purchase', {
      vendor,
      warehouse: gudang,
      items: [
        { item: amox, qty: 0, price: 100 },
        { item: amox, qty: 1, price: -5 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      expect.arrayContaining([
        { message: 'Jumlah harus bilangan bulat lebih dari 0', field: 'items.0.qty' },
        { message: 'Tidak boleh negatif', field: 'items.1.price' },
      ]),
    );
    const empty = await t.api(inv).post('/api/inventory/purchase', { vendor, warehouse: gudang, items: [] });
    expect(empty.body).toEqual([{ message: 'Minimal satu item', field: 'items' }]);
    const vendorB = (await t.api(invB).post('/api/inventory/vendor', { code: 'VB', name: 'Vendor B' })).body.data.id;
    const foreign = await t.api(inv).post('/api/inventory/purchase', {
      vendor: vendorB,
      warehouse: gudang,
      items: [{ item: amox, qty: 1, price: 1 }],
    });
    expect(foreign.body).toEqual([{ message: 'Vendor tidak ditemukan', field: 'vendor' }]);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    expect(
      (await t.api(perawat).post('/api/inventory/purchase', { vendor, warehouse: gudang, items: [] })).status,
    ).toBe(403);

    const sent = {
      vendor,
      warehouse: apotek,
      items: [
        { item: amox, qty: 5, price: 120000 },
        { item: kasa, qty: 100, price: 1500.5 },
      ],
    };
    const res = await t.api(inv).post('/api/inventory/purchase', sent, { 'idempotency-key': 'po-kunci-1' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      code: `PO/${String(branchA).padStart(2, '0')}/202611/0001`,
    });
    order = res.body.data.id;
    // The key with other content is refused (409) and writes nothing; the same request again answers the first.
    const rows = await countRows(t.db, 'purchase_order', 'purchase_order_item');
    const other = await t
      .api(inv)
      .post(
        '/api/inventory/purchase',
        { vendor, warehouse: apotek, items: [{ item: amox, qty: 5, price: 120000 }] },
        { 'idempotency-key': 'po-kunci-1' },
      );
    expect(other.status).toBe(409);
    expect(other.body[0].message).toBe('Idempotency-Key sudah dipakai untuk permintaan lain.');
    expect(await countRows(t.db, 'purchase_order', 'purchase_order_item')).toEqual(rows);
    const again = await t.api(inv).post('/api/inventory/purchase', sent, { 'idempotency-key': 'po-kunci-1' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(res.body.data);
    const got = await t.api(inv).get(`/api/inventory/purchase/${order}`);
    expect(got.body.data).toMatchObject({
      total: 750050,
      status: 1,
      status_label: 'Dipesan',
      vendor_name: 'PT Kimia Farma Trading',
    });
    expect(got.body.data.items[0]).toMatchObject({ purchase_unit: 'box', conversion: 100, remaining: 5 });
    expect((await t.api(invB).get(`/api/inventory/purchase/${order}`)).status).toBe(404);
  });

  it('refuses a receipt without batch for a tracked item, over the order, or of an item not ordered; nothing written', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(inv).post(`/api/inventory/purchase/${order}/receive`, {
      items: [
        { item: amox, qty: 6, price: 120000 },
        { item: kasa, qty: 1, price: 1500 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { message: 'Jumlah melebihi sisa pesanan (sisa 5 box)', field: 'items.0.qty' },
        { message: 'Nomor batch wajib diisi', field: 'items.0.batch' },
        { message: 'Tanggal kedaluwarsa wajib diisi', field: 'items.0.expired_at' },
      ]),
    );
    const other = await t.api(inv).post(`/api/inventory/purchase/${order}/receive`, {
      items: [{ item: 999999, qty: 1, price: 1 }],
    });
    expect(other.body).toEqual([{ message: 'Item tidak ada di pesanan ini', field: 'items.0.item' }]);
    // Issue 25 finding 8: Rp0,01 (or nothing) a unit would drag the moving average cost down.
    for (const price of [0.01, 0]) {
      const cheap = await t.api(inv).post(`/api/inventory/purchase/${order}/receive`, {
        items: [{ item: kasa, qty: 1, price }],
      });
      expect(cheap.status).toBe(400);
      expect(cheap.body).toEqual([{ message: 'Harga beli minimal Rp1 per satuan', field: 'items.0.price' }]);
    }
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    expect(
      (
        await t
          .api(invB)
          .post(`/api/inventory/purchase/${order}/receive`, { items: [{ item: amox, qty: 1, price: 1 }] })
      ).status,
    ).toBe(404);
  });

  it('receives in parts with batches: payable and inventory account move by the same amount, stock is searchable', async () => {
    const first = await t.api(inv).post(`/api/inventory/purchase/${order}/receive`, {
      items: [
        { item: amox, qty: 2, price: 118000, batch: 'amx-a1', expired_at: '2027-01-31' },
        { item: amox, qty: 1, price: 118000, batch: 'AMX-B2', expired_at: '2026-12-15' },
        { item: kasa, qty: 40, price: 1500.5 },
      ],
    });
    expect(first.status).toBe(201);
    // 3 boxes x 118.000 + 40 x 1.500,50 = 354.000 + 60.020
    expect(first.body.data.receipt).toMatchObject({ total: 414020, jurnal_code: expect.any(String) });
    expect(first.body.data).toMatchObject({ status: 2, status_label: 'Diterima Sebagian' });
    expect(await account('1140')).toBe(414020);
    expect(await account('2101')).toBe(-414020);

    const stock = await t.api(inv).get(`/api/inventory/stock?item=${amox}`);
    expect(stock.status).toBe(200);
    expect(stock.body.count).toBe(2);
    expect(stock.body.data[0]).toMatchObject({
      item: amox,
      name: 'Amoxicillin 500 mg',
      unit: 'tablet',
      warehouse: apotek,
      batch: 'AMX-B2',
      expired_at: '2026-12-15',
      quantity: 100,
      expires_in: 25,
    });
    expect((await t.api(inv).get('/api/inventory/stock?keyword=kasa')).body.data[0]).toMatchObject({
      quantity: 40,
      batch: null,
    });
    expect((await t.api(inv).get('/api/inventory/stock?expiry=30')).body.count).toBe(1);
    expect((await t.api(invB).get('/api/inventory/stock')).body.count).toBe(0);
    expect((await t.api(invB).get(`/api/inventory/stock?item=${amox}`)).status).toBe(400);

    const rest = await t.api(inv).post(`/api/inventory/purchase/${order}/receive`, {
      items: [
        { item: amox, qty: 2, price: 121000, batch: 'AMX-A1', expired_at: '2027-01-31' },
        { item: kasa, qty: 60, price: 1500.5 },
      ],
    });
    expect(rest.status).toBe(201);
    expect(rest.body.data).toMatchObject({ status: 3, status_label: 'Diterima' });
    expect(rest.body.data.receipts).toHaveLength(2);
    const done = await t.api(inv).post(`/api/inventory/purchase/${order}/receive`, {
      items: [{ item: kasa, qty: 1, price: 1 }],
    });
    expect(done.status).toBe(409);
    expect(await account('1140')).toBe(414020 + 242000 + 90030);
    expect(await account('1140')).toBe(-(await account('2101')));
  });

  it('keeps the moving average, the stock card with a running balance and the value equal to account 1140', async () => {
    const items = await t.api(inv).get('/api/inventory/item?keyword=amox');
    // 500 tablets worth 354.000 + 242.000 = 596.000: 1.192 a tablet.
    expect(items.body.data[0]).toMatchObject({
      quantity: 500,
      value: 596000,
      average_cost: 1192,
      last_purchase_price: 121000,
    });
    expect((await t.api(inv).get('/api/inventory/item?low=1')).body.data.map((i: { code: string }) => i.code)).toEqual(
      [],
    );
    const card = await t.api(inv).get(`/api/inventory/item/${amox}/card?warehouse=${apotek}`);
    expect(card.status).toBe(200);
    expect(card.body.data.lines.map((l: { in: number; balance: number }) => [l.in, l.balance])).toEqual([
      [200, 200],
      [100, 300],
      [200, 500],
    ]);
    expect((await t.api(invB).get(`/api/inventory/item/${amox}/card`)).status).toBe(404);
    const xlsx = await t.api(inv).get(`/api/inventory/item/${amox}/card/export`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);

    const value = await t.api(inv).get('/api/inventory/value');
    expect(value.body.data).toMatchObject({ total: 746050, ledger: 746050, difference: 0 });
    const earlier = await t.api(inv).get('/api/inventory/value?date=2026-11-19');
    expect(earlier.body.data).toMatchObject({ total: 0, ledger: 0, difference: 0 });
  });

  it('lists orders for the branch and across branches for top-level users only', async () => {
    const list = await t.api(inv).get('/api/inventory/purchase?keyword=kimia');
    expect(list.body.count).toBe(1);
    expect((await t.api(invB).get('/api/inventory/purchase')).body.count).toBe(0);
    expect((await t.api(inv).get('/api/backoffice/inventory/purchase')).status).toBe(403);
    const all = await t.api(owner).get('/api/backoffice/inventory/purchase');
    expect(all.status).toBe(200);
    expect(all.body.data[0]).toMatchObject({ branch_name: 'Cabang A' });
  });

  it('refuses to deactivate a warehouse still holding stock (409, unchanged); an empty one deactivates', async () => {
    const before = await countRows(t.db, ...TABLES);
    const msg =
      'Gudang ini masih berisi stok: pindahkan (mutasi) atau sesuaikan (stok opname) dulu sebelum dinonaktifkan';
    const del = await t.api(inv).delete(`/api/inventory/warehouse/${apotek}`);
    expect(del.status).toBe(409);
    expect(del.body).toEqual([{ message: msg }]);
    const put = await t
      .api(inv)
      .put(`/api/inventory/warehouse/${apotek}`, { code: 'AP', name: 'Apotek', kind: 'apotek', status: 0 });
    expect(put.status).toBe(409);
    expect((await t.api(inv).get(`/api/inventory/warehouse/${apotek}`)).body.data.status).toBe(1);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    const empty = await t
      .api(inv)
      .post('/api/inventory/warehouse', { code: 'TK', name: 'Ruang Tindakan', kind: 'tindakan' });
    expect(empty.status).toBe(201);
    expect((await t.api(inv).delete(`/api/inventory/warehouse/${empty.body.data.id}`)).status).toBe(200);
  });
});
