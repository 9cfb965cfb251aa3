/**
 * Issue 30 item 2: masters owned by the chain. A top-level user creates and changes a chain item, category,
 * supplier and treatment at /api/backoffice/master/{kind}; every branch gets its own linked row in the same
 * transaction (and a branch opened later gets it too); a branch user cannot change or deactivate that row (403
 * 'Data ini dikelola kantor pusat', nothing written) but sets its own fields (an item's minimum stock, a supplier's
 * payment terms); the migration's link function merges two branch copies of one code into one chain record keeping
 * both rows, their ids and their history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let owner: TestUser;
let managerA: TestUser;
let managerB: TestUser;

interface BranchRow {
  profile_id: number;
  id: number;
  status: number;
}

const rowsOf = (table: string, chainId: number) =>
  queryRows<Record<string, unknown>>(
    t.db,
    sql`select * from ${sql.identifier(table)} where chain_id = ${chainId} order by profile_id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang Rantai A' });
  branchB = await t.makeBranch({ name: 'Cabang Rantai B' });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  managerA = await t.makeUser('manager', { branchId: branchA });
  managerB = await t.makeUser('manager', { branchId: branchB });
});
afterAll(async () => t?.close());

describe('chain masters (issue 30 item 2)', () => {
  it('a top-level user creates a chain category and item; every branch has its linked row', async () => {
    const cat = await t.api(owner).post('/api/backoffice/master/item_category', { name: 'Skincare Rantai', status: 1 });
    expect(cat.status).toBe(201);
    const catId = cat.body.data.id as number;
    const res = await t.api(owner).post('/api/backoffice/master/item', {
      code: 'srm-01',
      name: 'Serum Rantai',
      unit: 'botol',
      category_id: catId,
      selling_price: 150000,
      min_stock: 5,
      status: 1,
    });
    expect(res.status).toBe(201);
    const chain = res.body.data;
    expect(chain.key).toBe('SRM-01');
    expect(chain.fields.selling_price).toBe(150000);
    expect(chain.category).toBe('Skincare Rantai');
    const ids = (chain.branches as BranchRow[]).map((b) => b.profile_id);
    expect(ids).toEqual(expect.arrayContaining([branchA, branchB]));
    const rows = await rowsOf('item', chain.id);
    const catRows = await rowsOf('item_category', catId);
    for (const b of [branchA, branchB]) {
      const row = rows.find((r) => Number(r.profile_id) === b)!;
      expect(row.code).toBe('SRM-01');
      expect(Number(row.selling_price)).toBe(15_000_000);
      expect(Number(row.min_stock)).toBe(5);
      // the item names its own branch's copy of the chain category
      expect(Number(row.category_id)).toBe(Number(catRows.find((c) => Number(c.profile_id) === b)!.id));
    }
    // each branch sees it in its own master list, marked as the chain's
    const listB = await t.api(managerB).get('/api/master/item?keyword=SRM-01');
    expect(listB.status).toBe(200);
    expect(listB.body.data).toHaveLength(1);
    expect(listB.body.data[0].chain_id).toBe(chain.id);
    expect(listB.body.data[0].profile_id).toBe(branchB);
  });

  it('a change at the head office reaches every branch; a branch cannot change it but sets its minimum stock', async () => {
    const list = await t.api(owner).get('/api/backoffice/master/item?keyword=srm');
    const chain = list.body.data[0];
    const put = await t.api(owner).put(`/api/backoffice/master/item/${chain.id}`, {
      ...chain.fields,
      name: 'Serum Rantai Baru',
      selling_price: 175000,
      status: 1,
    });
    expect(put.status).toBe(200);
    for (const r of await rowsOf('item', chain.id)) {
      expect(r.name).toBe('Serum Rantai Baru');
      expect(Number(r.selling_price)).toBe(17_500_000);
    }
    const mine = (await t.api(managerA).get('/api/master/item?keyword=SRM-01')).body.data[0];
    const before = await rowsOf('item', chain.id);
    // a branch user changing the chain's fields: 403, nothing written
    const refused = await t.api(managerA).put(`/api/master/item/${mine.id}`, { ...mine, name: 'Serum Cabang' });
    expect(refused.status).toBe(403);
    expect(refused.body[0].message).toBe('Data ini dikelola kantor pusat');
    expect((await t.api(managerA).delete(`/api/master/item/${mine.id}`)).status).toBe(403);
    expect(await rowsOf('item', chain.id)).toEqual(before);
    // nor may a branch user reach the head office's endpoints
    expect((await t.api(managerA).put(`/api/backoffice/master/item/${chain.id}`, chain.fields)).status).toBe(403);
    expect((await t.api(managerA).get('/api/backoffice/master/item')).status).toBe(403);
    // its own field: the minimum stock of its branch
    const own = await t.api(managerA).put(`/api/master/item/${mine.id}`, { ...mine, min_stock: 12 });
    expect(own.status).toBe(200);
    const after = await rowsOf('item', chain.id);
    expect(Number(after.find((r) => Number(r.profile_id) === branchA)!.min_stock)).toBe(12);
    expect(Number(after.find((r) => Number(r.profile_id) === branchB)!.min_stock)).toBe(5);
    // a later head-office change keeps the branch's minimum stock
    await t.api(owner).put(`/api/backoffice/master/item/${chain.id}`, { ...chain.fields, min_stock: 1, status: 1 });
    const kept = await rowsOf('item', chain.id);
    expect(Number(kept.find((r) => Number(r.profile_id) === branchA)!.min_stock)).toBe(12);
    // deactivating at the head office deactivates every branch's row, keeping them
    const off = await t.api(owner).put(`/api/backoffice/master/item/${chain.id}`, { ...chain.fields, status: 0 });
    expect(off.status).toBe(200);
    expect((await rowsOf('item', chain.id)).map((r) => Number(r.status))).toEqual([0, 0]);
  });

  it('treatments and suppliers: chain-owned in every branch; a supplier keeps its branch payment terms', async () => {
    const tr = await t.api(owner).post('/api/backoffice/master/treatment', {
      code: 'FCL-R',
      name: 'Facial Rantai',
      price: 300000,
      doctor_share: 50000,
      status: 1,
    });
    expect(tr.status).toBe(201);
    const mineT = (await t.api(managerB).get('/api/master/tindakanmedis?keyword=FCL-R')).body.data[0];
    expect(mineT.price).toBe(300000);
    expect(
      (await t.api(managerB).put(`/api/master/tindakanmedis/${mineT.id}`, { ...mineT, price: 299000 })).status,
    ).toBe(403);
    const sup = await t.api(owner).post('/api/backoffice/master/item_supplier', {
      code: 'PBF-R',
      name: 'PBF Rantai',
      payment_terms: 30,
      status: 1,
    });
    expect(sup.status).toBe(201);
    const mineS = (await t.api(managerB).get('/api/inventory/vendor?keyword=PBF-R')).body.data[0];
    expect(mineS.chain_id).toBe(sup.body.data.id);
    expect((await t.api(managerB).put(`/api/inventory/vendor/${mineS.id}`, { ...mineS, name: 'Lain' })).status).toBe(
      403,
    );
    expect(
      (await t.api(managerB).put(`/api/inventory/vendor/${mineS.id}`, { ...mineS, payment_terms: 45 })).status,
    ).toBe(200);
    // duplicate code and bad input: refused with Indonesian messages on the field
    const dup = await t.api(owner).post('/api/backoffice/master/treatment', { code: 'fcl-r', name: 'X', price: 1 });
    expect(dup.status).toBe(409);
    expect(dup.body[0]).toMatchObject({ field: 'code', message: 'Kode FCL-R sudah dipakai' });
    const bad = await t.api(owner).post('/api/backoffice/master/item', { code: '', name: 'Tanpa Kode' });
    expect(bad.status).toBe(400);
    expect(bad.body.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['code', 'unit']));
    const badCat = await t.api(owner).post('/api/backoffice/master/item', {
      code: 'X-1',
      name: 'X',
      unit: 'pcs',
      selling_price: 1,
      category_id: tr.body.data.id,
    });
    expect(badCat.status).toBe(400);
    expect(badCat.body[0]).toMatchObject({ field: 'category_id' });
    expect((await t.api(owner).get('/api/backoffice/master/barang')).status).toBe(400);
  });

  it('a branch opened later gets a row of every chain master', async () => {
    const res = await t
      .api(owner)
      .post('/api/profile', { name: 'Cabang Rantai Baru', timezone: 'Asia/Jakarta', status: 1 });
    expect(res.status).toBe(201);
    const newId = res.body.data.id as number;
    const [n] = await queryRows<{ items: number; treatments: number; vendors: number; categories: number }>(
      t.db,
      sql`select (select count(*)::int from item where profile_id = ${newId} and chain_id is not null) as items,
                 (select count(*)::int from perawatan where profile_id = ${newId} and chain_id is not null) as treatments,
                 (select count(*)::int from vendor where profile_id = ${newId} and chain_id is not null) as vendors,
                 (select count(*)::int from item_category where profile_id = ${newId} and chain_id is not null) as categories`,
    );
    expect(n).toEqual({ items: 1, treatments: 1, vendors: 1, categories: 1 });
  });

  it('the migration links two branch copies of one code into one chain record, keeping both rows and history', async () => {
    const a = await t
      .api(managerA)
      .post('/api/master/tindakanmedis', { code: 'PEEL-1', name: 'Peeling', price: 200000 });
    const b = await t
      .api(managerB)
      .post('/api/master/tindakanmedis', { code: 'peel-1', name: 'Peeling B', price: 210000 });
    expect([a.status, b.status]).toEqual([201, 201]);
    const [{ linked }] = await queryRows<{ linked: number }>(t.db, sql`select chain_master_link_existing() as linked`);
    expect(Number(linked)).toBeGreaterThanOrEqual(2);
    const rows = await queryRows<{ id: number; chain_id: number; price: number; name: string }>(
      t.db,
      sql`select id, chain_id, price, name from perawatan where id in (${a.body.data.id}, ${b.body.data.id}) order by id`,
    );
    expect(rows.map((r) => Number(r.id))).toEqual([a.body.data.id, b.body.data.id]);
    expect(rows[0].chain_id).not.toBeNull();
    expect(rows[0].chain_id).toBe(rows[1].chain_id);
    // the rows keep their values (and branch prices) until the head office changes the record
    expect(rows.map((r) => Number(r.price))).toEqual([20_000_000, 21_000_000]);
    const chain = (await t.api(owner).get('/api/backoffice/master/treatment?keyword=PEEL-1')).body.data;
    expect(chain).toHaveLength(1);
    expect(chain[0].name).toBe('Peeling');
    expect((chain[0].branches as BranchRow[]).map((r) => r.id).sort()).toEqual([a.body.data.id, b.body.data.id].sort());
    // their history stays with them
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where entity = 'perawatan' and entity_id in (${String(a.body.data.id)}, ${String(b.body.data.id)})`,
    );
    expect(Number(n)).toBe(2);
    // a thing of one branch only stays the branch's own
    const solo = await t.api(managerA).post('/api/master/tindakanmedis', { code: 'SOLO-1', name: 'Solo', price: 1000 });
    await queryRows(t.db, sql`select chain_master_link_existing()`);
    const [s] = await queryRows<{ chain_id: number | null }>(
      t.db,
      sql`select chain_id from perawatan where id = ${solo.body.data.id}`,
    );
    expect(s.chain_id).toBeNull();
  });
});
