/**
 * Issue 30 item 2: payment methods and membership levels are one list for the whole chain, kept by the head
 * office. A top-level user creates, changes and deactivates them; a branch user (even one holding
 * MASTER_PAYMENTMETHOD / MASTER_LAVEL_MEMBERSHIP manage) reads them, and a write is 403 'Data ini dikelola kantor
 * pusat' with nothing written, over REST and tRPC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAIN_OWNED_MESSAGE } from '@klinik/shared';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let head: TestUser;
let owner: TestUser;
let branchManager: TestUser;
let branchFinance: TestUser;
let nurseB: TestUser;

const count = async (table: string) =>
  Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n);
const rowOf = async (table: string, id: number) =>
  (await queryRows<Record<string, unknown>>(t.db, sql`select * from ${sql.identifier(table)} where id = ${id}`))[0];
const cashAccount = async () =>
  Number((await queryRows<{ id: number }>(t.db, sql`select id from akun where code = '1102'`))[0].id);

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.makeBranch({ name: 'Cabang Daftar A' });
  const b = await t.makeBranch({ name: 'Cabang Daftar B' });
  head = await t.makeUser('manager', { branchId: a, toplevel: 'managerhr' });
  owner = await t.makeUser('manager', { branchId: b, toplevel: 'owner' });
  branchManager = await t.makeUser('manager', {
    branchId: a,
    privileges: [
      { fiturcode: 'MASTER_PAYMENTMETHOD', iscanread: true, iscanmanage: true },
      { fiturcode: 'MASTER_LAVEL_MEMBERSHIP', iscanread: true, iscanmanage: true },
    ],
  });
  branchFinance = await t.makeUser('finance', { branchId: b });
  nurseB = await t.makeUser('perawat', { branchId: b });
});
afterAll(async () => t?.close());

describe('payment methods: the head office writes, branches read (issue 30 item 2)', () => {
  it('a top-level user creates, changes and deactivates; every branch reads the same row', async () => {
    const akun = await cashAccount();
    const made = await t.api(head).post('/api/finance/paymentmethod', { name: 'GoPay', type: 'qris', akun_id: akun });
    expect(made.status).toBe(201);
    const id = made.body.data.id as number;
    const renamed = await t.api(owner).put(`/api/finance/paymentmethod/${id}`, { name: 'GoPay Pusat' });
    expect(renamed.status).toBe(200);
    const off = await t.api(head).put(`/api/finance/paymentmethod/${id}`, { status: 0 });
    expect(off.body.data).toMatchObject({ name: 'GoPay Pusat', status: 0 });
    for (const u of [branchManager, branchFinance, nurseB]) {
      const list = await t.api(u).get('/api/finance/paymentmethod');
      expect(list.status).toBe(200);
      expect(list.body.data.find((m: { id: number }) => m.id === id)).toMatchObject({ name: 'GoPay Pusat', status: 0 });
    }
  });

  it('a branch user (even with MASTER_PAYMENTMETHOD manage) is refused and nothing is written', async () => {
    const akun = await cashAccount();
    const [tunai] = await queryRows<{ id: number }>(t.db, sql`select id from payment_method order by id limit 1`);
    const before = await rowOf('payment_method', tunai.id);
    const n = await count('payment_method');
    for (const u of [branchManager, branchFinance]) {
      const create = await t.api(u).post('/api/finance/paymentmethod', { name: 'Cabang', akun_id: akun });
      expect(create.status).toBe(403);
      expect(create.body[0].message).toBe(CHAIN_OWNED_MESSAGE);
      const edit = await t.api(u).put(`/api/finance/paymentmethod/${tunai.id}`, { name: 'Tunai Cabang' });
      expect(edit.status).toBe(403);
      expect(edit.body[0].message).toBe(CHAIN_OWNED_MESSAGE);
      const deactivate = await t.api(u).put(`/api/finance/paymentmethod/${tunai.id}`, { status: 0 });
      expect(deactivate.status).toBe(403);
    }
    await expect(
      t.trpc(branchManager).finance.paymentMethod.update({ id: tunai.id, data: { status: 0 } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: CHAIN_OWNED_MESSAGE });
    expect(await count('payment_method')).toBe(n);
    expect(await rowOf('payment_method', tunai.id)).toEqual(before);
  });
});

describe('membership levels: the head office writes, branches read (issue 30 item 2)', () => {
  it('a top-level user creates, changes and deactivates; a duplicate name is 400 on name', async () => {
    const made = await t.api(head).post('/api/membershiplevel', { name: 'Platinum' });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Platinum', status: 1 });
    const id = made.body.data.id as number;
    const dup = await t.api(owner).post('/api/membershiplevel', { name: ' platinum ' });
    expect(dup.status).toBe(400);
    expect(dup.body[0]).toMatchObject({ field: 'name', message: 'Level platinum sudah ada' });
    const empty = await t.api(owner).post('/api/membershiplevel', { name: '' });
    expect(empty.status).toBe(400);
    expect((await t.api(owner).put(`/api/membershiplevel/${id}`, { name: 'Platinum Plus' })).status).toBe(200);
    const off = await t.api(head).put(`/api/membershiplevel/${id}`, { status: 0 });
    expect(off.body.data).toEqual({ id, name: 'Platinum Plus', status: 0 });
    const missing = await t.api(head).put('/api/membershiplevel/999999', { name: 'X' });
    expect(missing.status).toBe(404);
    for (const u of [branchManager, branchFinance, nurseB]) {
      const list = await t.api(u).get('/api/membershiplevel');
      expect(list.status).toBe(200);
      expect(list.body.data).toContainEqual({ id, name: 'Platinum Plus', status: 0 });
    }
    const active = await t.api(nurseB).get('/api/membershiplevel?status=1');
    expect(active.body.data.some((l: { id: number }) => l.id === id)).toBe(false);
  });

  it('a branch user is refused with the head-office message and nothing is written', async () => {
    const made = await t.api(owner).post('/api/membershiplevel', { name: 'Gold Rantai' });
    const id = made.body.data.id as number;
    const n = await count('membership_level');
    for (const u of [branchManager, branchFinance, nurseB]) {
      const create = await t.api(u).post('/api/membershiplevel', { name: 'Silver Cabang' });
      expect(create.status).toBe(403);
      expect(create.body[0].message).toBe(CHAIN_OWNED_MESSAGE);
      const edit = await t.api(u).put(`/api/membershiplevel/${id}`, { status: 0 });
      expect(edit.status).toBe(403);
      expect(edit.body[0].message).toBe(CHAIN_OWNED_MESSAGE);
    }
    await expect(t.trpc(branchManager).users.membershipLevel.create({ name: 'Lewat tRPC' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: CHAIN_OWNED_MESSAGE,
    });
    expect(await count('membership_level')).toBe(n);
    expect(await rowOf('membership_level', id)).toMatchObject({ name: 'Gold Rantai', status: 1 });
  });

  it('an anonymous caller is 401, not told about the head office', async () => {
    const res = await t.api(null).post('/api/membershiplevel', { name: 'Anon' });
    expect(res.status).toBe(401);
  });
});
