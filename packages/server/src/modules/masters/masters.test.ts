import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let admin: TestUser;
let adminB: TestUser;
let perawat: TestUser;
let inventory: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  admin = await t.makeUser('admin', { branchId: branchA });
  adminB = await t.makeUser('admin', { branchId: branchB });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  inventory = await t.makeUser('inventory', { branchId: branchA });
});
afterAll(() => t.close());

const CASES = [
  {
    base: '/api/master/tindakanmedis',
    table: 'perawatan',
    good: { code: 'TM01', name: 'Facial Acne', price: 350000, doctor_share: 70000 },
    edit: { price: 400000 },
  },
  {
    base: '/api/master/item',
    table: 'item',
    good: {
      code: 'IT01',
      name: 'Sunscreen SPF 50',
      unit: 'tube',
      purchase_unit: 'box',
      conversion: 12,
      min_stock: 6,
      track_batch: true,
      kfa_code: '93001234',
      selling_price: 125000,
    },
    edit: { selling_price: 130000.5 },
  },
  {
    base: '/api/master/laboratorium',
    table: 'form_lab',
    good: { code: 'LB01', name: 'Darah Lengkap', price: 150000 },
    edit: { price: 175000 },
  },
] as const;

describe.each(CASES)('$base', ({ base, table, good, edit }) => {
  let id: number;

  it('creates, lists with search and pagination, edits and deactivates', async () => {
    const created = await t.api(admin).post(base, good);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...good, status: 1, profile_id: branchA });
    id = created.body.data.id;
    await t.api(admin).post(base, { ...good, code: `${good.code}B`, name: 'Lainnya' });

    const page1 = await t.api(admin).get(`${base}?limit=1&page=1`);
    expect(page1.status).toBe(200);
    expect(page1.body.count).toBe(2);
    expect(page1.body.data).toHaveLength(1);
    const search = await t
      .api(admin)
      .get(`${base}?keyword=${encodeURIComponent(good.name.slice(0, 5).toLowerCase())}&status=`);
    expect(search.body.data.map((r: { id: number }) => r.id)).toEqual([id]);

    const put = await t.api(admin).put(`${base}/${id}`, { ...good, ...edit });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject(edit);

    const del = await t.api(admin).delete(`${base}/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.data.status).toBe(0);
    expect((await t.api(admin).get(`${base}?status=1`)).body.count).toBe(1);
  });

  it('refuses a duplicate code with 409 and bad input with Indonesian 400', async () => {
    const before = await countRows(t.db, table);
    const dup = await t.api(admin).post(base, good);
    expect(dup.status).toBe(409);
    expect(dup.body[0].message).toContain('sudah dipakai');
    const bad = await t.api(admin).post(base, { code: '', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'code', message: 'Kode wajib diisi' })]),
    );
    expect(await countRows(t.db, table)).toEqual(before);
  });

  it('refuses a role without the privilege (403) and another branch (404), changing nothing', async () => {
    const before = await countRows(t.db, table);
    const denied = base.includes('/item') ? perawat : inventory;
    expect((await t.api(denied).post(base, { ...good, code: 'ZZ1' })).status).toBe(403);
    expect((await t.api(denied).get(base)).status).toBe(403);
    expect((await t.api(adminB).get(`${base}/${id}`)).status).toBe(404);
    expect((await t.api(adminB).put(`${base}/${id}`, { ...good, name: 'Dibajak' })).status).toBe(404);
    expect((await t.api(adminB).delete(`${base}/${id}`)).status).toBe(404);
    expect((await t.api(adminB).get(base)).body.count).toBe(0);
    expect(await countRows(t.db, table)).toEqual(before);
    const still = await t.api(admin).get(`${base}/${id}`);
    expect(still.body.data.name).toBe(good.name);
  });
});

it('refuses a doctor share above the price', async () => {
  const res = await t
    .api(admin)
    .post('/api/master/tindakanmedis', { code: 'TMX', name: 'X', price: 1000, doctor_share: 2000 });
  expect(res.status).toBe(400);
  expect(res.body).toEqual([{ message: 'Bagian dokter tidak boleh melebihi harga', field: 'doctor_share' }]);
});

it('serves the same masters over tRPC', async () => {
  const list = await t.trpc(admin).masters.tindakan.list({ page: 1, limit: 20 });
  expect(list.count).toBeGreaterThan(0);
  await expect(
    t.trpc(perawat).masters.tindakan.create({ code: 'TRPC1', name: 'Y', price: 1, doctor_share: 0, status: 1 }),
  ).rejects.toMatchObject({ code: 'FORBIDDEN' });
});
