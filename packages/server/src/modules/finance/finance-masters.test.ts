import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';

/** Finance masters (issue 13): payment methods linked to a cash or bank account, taxes with rate and payable account. */
let t: TestApp;
let fin: TestUser;
let admin: TestUser;
let head: TestUser;

async function akunId(code: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(t.db, sql`select id from akun where code = ${code}`);
  return Number(r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch({ name: 'Cabang Master' });
  fin = await t.makeUser('finance', { branchId: branch });
  admin = await t.makeUser('admin', { branchId: branch });
  head = await t.makeUser('manager', { branchId: branch, toplevel: 'manageroperational' });
});
afterAll(() => t.close());

describe('masters: payment methods and taxes', () => {
  it('lists the seeded methods linked to cash or bank, and validates the account', async () => {
    const list = await t.api(admin).get('/api/finance/paymentmethod');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ name: 'Tunai', akuncode: '1101' });
    const bad = await t
      .api(head)
      .post('/api/finance/paymentmethod', { name: 'Aneh', type: 'lainnya', akun_id: await akunId('4101') });
    expect(bad.status).toBe(400);
    expect(bad.body[0].message).toMatch(/kas atau bank/);
    // The chain's list is the head office's (issue 30 item 2): a branch's finance user is refused too.
    for (const u of [admin, fin]) {
      const res = await t.api(u).post('/api/finance/paymentmethod', { name: 'X', akun_id: await akunId('1102') });
      expect(res.status).toBe(403);
      expect(res.body[0].message).toBe('Data ini dikelola kantor pusat');
    }
    const ok = await t
      .api(head)
      .post('/api/finance/paymentmethod', { name: 'OVO', type: 'qris', akun_id: await akunId('1102') });
    expect(ok.status).toBe(201);
    const off = await t.api(head).put(`/api/finance/paymentmethod/${ok.body.data.id}`, { status: 0 });
    expect(off.body.data.status).toBe(0);
  });

  it('keeps taxes with rate and payable account', async () => {
    const list = await t.api(fin).get('/api/finance/pajak');
    expect(list.body.data.find((p: { code: string }) => p.code === 'PPH23')).toMatchObject({
      rate: 2,
      akuncode: '2202',
    });
    const created = await t
      .api(fin)
      .post('/api/finance/pajak', { code: 'pph4', name: 'PPh 4 ayat 2 Sewa', rate: 10, akun_id: await akunId('2203') });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ code: 'PPH4', rate: 10 });
    const bad = await t
      .api(fin)
      .post('/api/finance/pajak', { code: 'X', name: 'X', rate: 120, akun_id: await akunId('1101') });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(expect.arrayContaining([{ message: 'Tarif maksimal 100%', field: 'rate' }]));
    expect((await t.api(admin).get('/api/finance/pajak')).status).toBe(403);
  });
});
