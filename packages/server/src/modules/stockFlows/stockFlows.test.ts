/**
 * Stock flows (issue 13): transfers in two steps between branches with a difference, stock counts with their journal
 * and the approval above the threshold, dispensing prescriptions FEFO (never an expired batch) with substitutions,
 * and the refusals: 400 in Indonesian with nothing written, 403 for roles and for the sending branch receiving,
 * 404 across branches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';
import {
  accountBalance,
  makeItem,
  makeResep,
  onHand,
  stockBranch,
  stockIn,
  type StockBranch,
} from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';
import { dispensedLinesForVisit } from './index.js';

let t: TestApp;
let jkt: StockBranch;
let bdg: StockBranch;
let third: number;
let invJkt: TestUser;
let invBdg: TestUser;
let invThird: TestUser;
let apoteker: TestUser;
let managerJkt: TestUser;
let managerJkt2: TestUser;
let dokter: TestUser;
let amox: number;
let para: number;
let vitc: number;

const TABLES = ['stock_transfer', 'stock_transfer_item', 'stock_movement', 'jurnal', 'stock_count', 'dispensing'];

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-20T03:00:00Z');
  const a = await t.makeBranch({ name: 'Klinik Jakarta' });
  const b = await t.makeBranch({ name: 'Klinik Bandung' });
  third = await t.makeBranch({ name: 'Klinik Surabaya' });
  jkt = await stockBranch(t, a);
  bdg = await stockBranch(t, b);
  await stockBranch(t, third);
  invJkt = await t.makeUser('inventory', { branchId: a, password: null });
  invBdg = await t.makeUser('inventory', { branchId: b, password: null });
  invThird = await t.makeUser('inventory', { branchId: third, password: null });
  apoteker = await t.makeUser('apoteker', { branchId: a, password: null });
  managerJkt = await t.makeUser('manager', { branchId: a, password: null });
  managerJkt2 = await t.makeUser('manager', { branchId: a, password: null });
  dokter = await t.makeUser('dokter', { branchId: a, password: null });
  amox = await makeItem(t, a, 'AMX', { name: 'Amoxicillin 500 mg', track_batch: true, selling_price: 300000 });
  para = await makeItem(t, a, 'PCT', { name: 'Paracetamol 500 mg', selling_price: 100000 });
  vitc = await makeItem(t, a, 'VITC', { name: 'Vitamin C 500 mg', selling_price: 150000 });
  await stockIn(t, invJkt, jkt.gudang, amox, 50, 5_000_000, { batch: 'AMX-A', expired_at: '2027-12-31' });
  await stockIn(t, invJkt, jkt.gudang, para, 100, 2_000_000);
});
afterAll(() => t.close());

describe('transfers', () => {
  it('refuses an empty request with Indonesian messages next to the fields and writes nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(invJkt).post('/api/inventory/mutation', {});
    expect(res.status).toBe(400);
    const fields = (res.body as { field?: string; message: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['from_warehouse', 'to_warehouse', 'items']));
    expect(JSON.stringify(res.body)).toContain('Gudang asal wajib dipilih');
    const short = await t.api(invJkt).post('/api/inventory/mutation', {
      from_warehouse: jkt.gudang,
      to_warehouse: bdg.gudang,
      items: [{ item: para, qty: 1000 }],
    });
    expect(short.status).toBe(409);
    expect(short.body[0].message).toContain('tidak cukup');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('refuses a role without STOCK_MUTASI (403)', async () => {
    const res = await t.api(dokter).post('/api/inventory/mutation', {
      from_warehouse: jkt.gudang,
      to_warehouse: bdg.gudang,
      items: [{ item: para, qty: 1 }],
    });
    expect(res.status).toBe(403);
  });

  it('sends Jakarta -> Bandung, received with a difference: stock, item mapping and each branch books balanced', async () => {
    const sent = await t.api(invJkt).post(
      '/api/inventory/mutation',
      {
        from_warehouse: jkt.gudang,
        to_warehouse: bdg.gudang,
        items: [
          { item: amox, qty: 10 },
          { item: para, qty: 20 },
        ],
      },
      { 'idempotency-key': 'mutasi-jkt-bdg-0001' },
    );
    expect(sent.status).toBe(201);
    const tr = sent.body.data;
    expect(tr).toMatchObject({ status: 1, inter_branch: true, value: 14_000 });
    expect(tr.items).toHaveLength(2);
    expect(await onHand(t, jkt.gudang, amox)).toBe(40);
    expect(await accountBalance(t, jkt.branch, '1141')).toBe(1_400_000);
    // A retry with the same key answers the first transfer.
    const again = await t.api(invJkt).post(
      '/api/inventory/mutation',
      {
        from_warehouse: jkt.gudang,
        to_warehouse: bdg.gudang,
        items: [
          { item: amox, qty: 10 },
          { item: para, qty: 20 },
        ],
      },
      { 'idempotency-key': 'mutasi-jkt-bdg-0001' },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(tr.id);
    expect(await onHand(t, jkt.gudang, amox)).toBe(40);

    // Both branches see it; a third branch does not.
    expect((await t.api(invBdg).get(`/api/inventory/mutation/${tr.id}`)).body.data.can_receive).toBe(true);
    expect((await t.api(invJkt).get(`/api/inventory/mutation/${tr.id}`)).body.data.can_receive).toBe(false);
    expect((await t.api(invThird).get(`/api/inventory/mutation/${tr.id}`)).status).toBe(404);
    const listB = await t.api(invBdg).get('/api/inventory/mutation?direction=in');
    expect(listB.body.data.map((x: { id: number }) => x.id)).toContain(tr.id);
    expect((await t.api(invThird).get('/api/inventory/mutation')).body.count).toBe(0);

    const before = await countRows(t.db, ...TABLES);
    const body = {
      items: [
        { item: amox, qty: 10, batch: 'AMX-A' },
        { item: para, qty: 18 },
      ],
    };
    // Only the receiving branch receives; a third branch does not even see it.
    expect((await t.api(invJkt).post(`/api/inventory/mutation/${tr.id}/receive`, body)).status).toBe(403);
    expect((await t.api(invThird).post(`/api/inventory/mutation/${tr.id}/receive`, body)).status).toBe(404);
    // A difference needs its reason.
    const noNote = await t.api(invBdg).post(`/api/inventory/mutation/${tr.id}/receive`, body);
    expect(noNote.status).toBe(400);
    expect(noNote.body).toEqual([{ message: 'Alasan selisih wajib diisi', field: 'note' }]);
    const tooMany = await t
      .api(invBdg)
      .post(`/api/inventory/mutation/${tr.id}/receive`, { items: [{ item: para, qty: 21 }], note: 'x' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body[0].field).toBe('items.0.qty');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);

    const rec = await t
      .api(invBdg)
      .post(`/api/inventory/mutation/${tr.id}/receive`, { ...body, note: '2 strip paracetamol rusak di jalan' });
    expect(rec.status).toBe(200);
    expect(rec.body.data).toMatchObject({ status: 3, received_value: 13_600, difference_value: 400 });
    expect((await t.api(invBdg).post(`/api/inventory/mutation/${tr.id}/receive`, body)).status).toBe(409);

    // Bandung got its own items of the same codes, with the batch and its expiry.
    const [bAmox] = await queryRows<{ id: number; track_batch: boolean }>(
      t.db,
      sql`select id, track_batch from item where profile_id = ${bdg.branch} and code = 'AMX'`,
    );
    expect(bAmox.track_batch).toBe(true);
    expect(await onHand(t, bdg.gudang, bAmox.id)).toBe(10);
    const [batch] = await queryRows<{ batch: string; expired_at: string }>(
      t.db,
      sql`select batch, to_char(expired_at, 'YYYY-MM-DD') as expired_at from stock_batch where item_id = ${bAmox.id}`,
    );
    expect(batch).toEqual({ batch: 'AMX-A', expired_at: '2027-12-31' });

    // Sender: in transit cleared, receivable for what arrived, the loss in Selisih Persediaan.
    expect(await accountBalance(t, jkt.branch, '1141')).toBe(0);
    expect(await accountBalance(t, jkt.branch, '1170')).toBe(1_360_000);
    expect(await accountBalance(t, jkt.branch, '5104')).toBe(40_000);
    // Receiver: inventory against the inter-branch payable.
    expect(await accountBalance(t, bdg.branch, '1140')).toBe(1_360_000);
    expect(await accountBalance(t, bdg.branch, '2106')).toBe(-1_360_000);
    const [vb] = await queryRows<{ v: number }>(
      t.db,
      sql`select coalesce(sum(value), 0)::bigint as v from stock_valuation where profile_id = ${bdg.branch}`,
    );
    expect(Number(vb.v)).toBe(1_360_000);
  });

  it('moves between warehouses of one branch through the in-transit account', async () => {
    const sent = await t.api(invJkt).post('/api/inventory/mutation', {
      from_warehouse: jkt.gudang,
      to_warehouse: jkt.apotek,
      items: [{ item: para, qty: 30 }],
    });
    expect(sent.status).toBe(201);
    expect(await accountBalance(t, jkt.branch, '1141')).toBe(600_000);
    const rec = await t
      .api(invJkt)
      .post(`/api/inventory/mutation/${sent.body.data.id}/receive`, { items: [{ item: para, qty: 30 }] });
    expect(rec.status).toBe(200);
    expect(rec.body.data.status).toBe(2);
    expect(await accountBalance(t, jkt.branch, '1141')).toBe(0);
    expect(await onHand(t, jkt.apotek, para)).toBe(30);
  });
});

describe('stock counts', () => {
  it('posts a shortage with Dr Selisih Persediaan / Cr Persediaan below the threshold', async () => {
    const sheet = await t.api(invJkt).get(`/api/inventory/adjustment/sheet?warehouse=${jkt.apotek}`);
    expect(sheet.status).toBe(200);
    expect(sheet.body.data.lines).toEqual([expect.objectContaining({ item: para, system: 30 })]);
    const xlsx = await t.api(invJkt).get(`/api/inventory/adjustment/sheet/export?warehouse=${jkt.apotek}`);
    expect(xlsx.status).toBe(200);
    const selisih = await accountBalance(t, jkt.branch, '5104');
    const res = await t.api(invJkt).post('/api/inventory/adjustment', {
      warehouse: jkt.apotek,
      items: [{ item: para, counted: 28 }],
      reason: 'Stok opname akhir bulan',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 2, pending: false, loss: 400 });
    expect(res.body.data.jurnal_code).toBeTruthy();
    expect(await onHand(t, jkt.apotek, para)).toBe(28);
    expect(await accountBalance(t, jkt.branch, '5104')).toBe(selisih + 40_000);
  });

  it('refuses a count without reason (400) and a role without STOCK_ITEM manage (403)', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t
      .api(invJkt)
      .post('/api/inventory/adjustment', { warehouse: jkt.apotek, items: [{ item: para, counted: -1 }] });
    expect(res.status).toBe(400);
    const fields = (res.body as { field?: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['reason', 'items.0.counted']));
    const other = await t
      .api(invBdg)
      .post('/api/inventory/adjustment', { warehouse: jkt.apotek, items: [{ item: para, counted: 1 }], reason: 'x' });
    expect(other.status).toBe(400);
    expect(other.body[0].field).toBe('warehouse');
    expect(
      (await t.api(apoteker).post('/api/inventory/adjustment', { warehouse: jkt.apotek, items: [], reason: 'x' }))
        .status,
    ).toBe(403);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('waits for approval above the threshold and posts when a manager approves', async () => {
    const set = await t.api(managerJkt).put('/api/inventory/adjustment/setting', { approval_threshold: 100 });
    expect(set.status).toBe(200);
    expect(set.body.data.approval_threshold).toBe(100);
    const res = await t.api(invJkt).post('/api/inventory/adjustment', {
      warehouse: jkt.apotek,
      items: [{ item: para, counted: 20 }],
      reason: 'Hilang',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 1, pending: true, message: 'Permintaan menunggu persetujuan' });
    expect(await onHand(t, jkt.apotek, para)).toBe(28);
    const applog = res.body.data.applog_id as number;
    const ok = await t.api(managerJkt2).post(`/api/applog/doconfirm/${applog}`, { status: 1 });
    expect(ok.status).toBe(200);
    expect(await onHand(t, jkt.apotek, para)).toBe(20);
    const count = await t.api(invJkt).get(`/api/inventory/adjustment/${res.body.data.id}`);
    expect(count.body.data).toMatchObject({ status: 2, loss: 1600 });
    expect((await t.api(invBdg).get(`/api/inventory/adjustment/${res.body.data.id}`)).status).toBe(404);
  });
});

describe('pharmacy', () => {
  it('dispenses first-expired-first-out, never an expired batch, with cost of goods in the same transaction', async () => {
    await stockIn(t, invJkt, jkt.apotek, amox, 5, 400_000, { batch: 'AMX-OLD', expired_at: '2026-11-19' });
    await stockIn(t, invJkt, jkt.apotek, amox, 5, 500_000, { batch: 'AMX-SOON', expired_at: '2026-12-31' });
    await stockIn(t, invJkt, jkt.apotek, amox, 10, 1_000_000, { batch: 'AMX-LATE', expired_at: '2027-06-30' });
    const r = await makeResep(t, jkt.branch, managerJkt, [
      { item: amox, qty: 7, price: 300000 },
      { item: para, qty: 2, price: 100000 },
    ]);
    const queue = await t.api(apoteker).get('/api/inventory/resep');
    expect(queue.body.data.map((x: { id: number }) => x.id)).toContain(r.id);
    const hpp = await accountBalance(t, jkt.branch, '5101');
    const res = await t.api(apoteker).post('/api/inventory/dispense', { resep: r.id, warehouse: jkt.apotek });
    expect(res.status).toBe(201);
    const lines = res.body.data.items as { name: string; batch: string | null; qty: number }[];
    expect(lines.filter((l) => l.batch).map((l) => [l.batch, l.qty])).toEqual([
      ['AMX-SOON', 5],
      ['AMX-LATE', 2],
    ]);
    expect(res.body.data.pharmacy_status).toBe('diserahkan');
    const [old] = await queryRows<{ q: number }>(
      t.db,
      sql`select b.quantity as q from stock_balance b join stock_batch s on s.id = b.batch_id where s.batch = 'AMX-OLD'`,
    );
    expect(Number(old.q)).toBe(5);
    expect(await accountBalance(t, jkt.branch, '5101')).toBeGreaterThan(hpp);
    // Once only.
    const again = await t.api(apoteker).post('/api/inventory/dispense', { resep: r.id, warehouse: jkt.apotek });
    expect(again.status).toBe(409);
    expect(again.body[0].message).toBe('Resep ini sudah diserahkan seluruhnya');
    // What the cashier bills.
    const billed = await dispensedLinesForVisit(t.ctx(apoteker), r.visit);
    expect(billed.filter((l) => r.entries.includes(l.resep_item)).map((l) => [l.item, l.qty, l.price])).toEqual([
      [amox, 5, 300000],
      [amox, 2, 300000],
      [para, 2, 100000],
    ]);
    const sales = await t.api(apoteker).get('/api/inventory/sales?kind=dispense');
    expect(sales.body.count).toBeGreaterThanOrEqual(3);
    expect((await t.api(apoteker).get('/api/inventory/sales/export')).status).toBe(200);
  });

  it('records a substitution only with a reason, and refuses an expired batch', async () => {
    await stockIn(t, invJkt, jkt.apotek, vitc, 10, 500_000);
    const r = await makeResep(t, jkt.branch, managerJkt, [{ item: para, qty: 3 }]);
    const before = await countRows(t.db, ...TABLES);
    const noReason = await t.api(apoteker).post('/api/inventory/dispense', {
      resep: r.id,
      warehouse: jkt.apotek,
      items: [{ item: vitc, qty: 3, resep_item: r.entries[0] }],
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual([{ message: 'Alasan penggantian item wajib diisi', field: 'items.0.reason' }]);
    const expired = await t.api(apoteker).post('/api/inventory/dispense', {
      resep: r.id,
      warehouse: jkt.apotek,
      items: [{ item: amox, qty: 1, batch: 'AMX-OLD', resep_item: r.entries[0], reason: 'Ganti' }],
    });
    expect(expired.status).toBe(409);
    expect(expired.body[0].message).toContain('kedaluwarsa');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    const ok = await t.api(apoteker).post('/api/inventory/dispense', {
      resep: r.id,
      warehouse: jkt.apotek,
      items: [{ item: vitc, qty: 2, resep_item: r.entries[0], reason: 'Paracetamol kosong' }],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ pharmacy_status: 'sebagian' });
    expect(ok.body.data.items[0]).toMatchObject({
      item: vitc,
      substitute_for: para,
      reason: 'Paracetamol kosong',
      price: 1500,
    });
  });

  it('hides another branch prescription (404) and refuses roles outside the inventory guard (403)', async () => {
    const r = await makeResep(t, jkt.branch, managerJkt, [{ item: para, qty: 1 }]);
    const apotekerBdg = await t.makeUser('apoteker', { branchId: bdg.branch, password: null });
    expect((await t.api(apotekerBdg).get(`/api/inventory/resep/${r.id}`)).status).toBe(404);
    expect(
      (await t.api(apotekerBdg).post('/api/inventory/dispense', { resep: r.id, warehouse: bdg.apotek })).status,
    ).toBe(404);
    // Issue 25: the store room reads no prescriptions (no RM_RESEP read) and dispenses none.
    const before = await countRows(t.db, ...TABLES, 'audit_log');
    expect((await t.api(invJkt).get('/api/inventory/resep')).status).toBe(403);
    expect((await t.api(invJkt).get(`/api/inventory/resep/${r.id}`)).status).toBe(403);
    expect((await t.api(invJkt).post('/api/inventory/dispense', { resep: r.id, warehouse: jkt.apotek })).status).toBe(
      403,
    );
    expect(await countRows(t.db, ...TABLES, 'audit_log')).toEqual(before);
    expect((await t.api(dokter).post('/api/inventory/dispense', { resep: r.id, warehouse: jkt.apotek })).status).toBe(
      403,
    );
    const empty = await t.api(apoteker).post('/api/inventory/dispense', {});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Resep wajib dipilih');
    const detail = await t.api(apoteker).get(`/api/inventory/resep/${r.id}`);
    expect(detail.body.data.items[0]).toMatchObject({ item: para, remaining: 1 });
    // The prescription is the patient's record: the read left its trail row (declared on the endpoint).
    const [trail] = await queryRows<{ user_id: number; what: string; prescription: string }>(
      t.db,
      sql`select user_id, after->>'what' as what, after->>'prescription' as prescription from audit_log
          where entity = 'rekam_medis' order by id desc limit 1`,
    );
    expect(trail).toEqual({ user_id: apoteker.id, what: 'apotek_resep', prescription: String(r.id) });
  });
});
