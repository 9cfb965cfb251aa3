import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';

// Each endpoint: an allowed call, a refused role (403), another branch's row (404), bad input (400 with the
// Indonesian message next to its field) and the database unchanged after every refusal.
let t: TestApp;
let branchA: number;
let branchB: number;
let inventory: TestUser;
let dokter: TestUser;
let inventoryB: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  inventory = await t.makeUser('inventory', { branchId: branchA });
  dokter = await t.makeUser('dokter', { branchId: branchA });
  inventoryB = await t.makeUser('inventory', { branchId: branchB });
});
afterAll(() => t.close());

describe('/api/satusehat', () => {
  it('creates, lists and updates a row of the current branch', async () => {
    const created = await t.api(inventory).post('/api/satusehat', { name: '  Contoh Satu  ' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Contoh Satu', status: 1, profile_id: branchA });
    const list = await t.api(inventory).get('/api/satusehat?keyword=satu');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    const updated = await t.api(inventory).put(`/api/satusehat/${created.body.data.id}`, { name: 'Contoh', status: 0 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Contoh', status: 0 });
    // tRPC answers the same service.
    const viaTrpc = await t.trpc(inventory).satusehat.get({ id: created.body.data.id });
    expect(viaTrpc.name).toBe('Contoh');
  });

  it('refuses bad input (400), other roles (403) and other branches (404), changing nothing', async () => {
    const own = await t.api(inventory).post('/api/satusehat', { name: 'Milik A' });
    const before = await countRows(t.db, 'satusehat', 'audit_log');
    const bad = await t.api(inventory).post('/api/satusehat', { name: ' x ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ message: 'Nama minimal 2 karakter', field: 'name' }]);
    expect((await t.api(dokter).post('/api/satusehat', { name: 'Dokter' })).status).toBe(403);
    expect((await t.api(inventoryB).get(`/api/satusehat/${own.body.data.id}`)).status).toBe(404);
    expect((await t.api(inventoryB).put(`/api/satusehat/${own.body.data.id}`, { name: 'Diambil B' })).status).toBe(404);
    expect(await countRows(t.db, 'satusehat', 'audit_log')).toEqual(before);
  });
});
