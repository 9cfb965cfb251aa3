import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

/** The registration desk's patient search order (issue 26) and its new-patient form (issue 6). */
let t: TestApp;
let branchA: number;
let admin: TestUser;
let perawat: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Klinik Sehat Jakarta' });
  admin = await t.makeUser('admin', { branchId: branchA });
  perawat = await t.makeUser('perawat', { branchId: branchA });
});
afterAll(() => t.close());

describe('registration: patients', () => {
  it('answers the patient typed first: a whole NO RM., then names starting with the keyword (issue 26)', async () => {
    const zaki = await t.makePatient(branchA, { name: 'Zaki Urut', username: 'RMQ5811' });
    const ahmad = await t.makePatient(branchA, { name: 'Ahmad Urut', username: 'RMQ58110' });
    const ani = await t.makePatient(branchA, { name: 'Ani Ekowati Urut' });
    const eko = await t.makePatient(branchA, { name: 'Eko Saputra Urut' });
    const ids = async (k: string) =>
      (
        (await t.api(admin).get(`/api/service/registration/searchcustomer?keyword=${k}`)).body.data as { id: number }[]
      ).map((x) => x.id);
    expect(await ids('rmq5811')).toEqual([zaki, ahmad]);
    expect(await ids('eko')).toEqual([eko, ani]);
  });

  it('registers a new patient through storecustomer like POST /api/users', async () => {
    const before = await countRows(t.db, 'users');
    const bad = await t.api(admin).post('/api/service/registration/storecustomer', { name: '', gender: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body[0].field).toBe('name');
    expect(await countRows(t.db, 'users')).toEqual(before);
    const ok = await t
      .api(admin)
      .post('/api/service/registration/storecustomer', { name: 'Rina Baru', gender: 1, phone: '08111222333' });
    expect(ok.status).toBe(201);
    expect(ok.body.data.username).toBeTruthy();
    expect(
      (await t.api(perawat).post('/api/service/registration/storecustomer', { name: 'X', gender: 1 })).status,
    ).toBe(403);
  });
});
