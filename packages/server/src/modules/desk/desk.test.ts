import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let jakarta: number;
let bandung: number;
let manager: TestUser;
let admin: TestUser;
let perawat: TestUser;
let multimedia: TestUser;
let finance: TestUser;
let managerB: TestUser;
let owner: TestUser;
let customer: number;
let historyId: number;

beforeAll(async () => {
  t = await createTestApp();
  jakarta = await t.makeBranch({ name: 'Jakarta' });
  bandung = await t.makeBranch({ name: 'Bandung' });
  manager = await t.makeUser('manager', { branchId: jakarta });
  admin = await t.makeUser('admin', { branchId: jakarta });
  perawat = await t.makeUser('perawat', { branchId: jakarta });
  multimedia = await t.makeUser('multimedia', { branchId: jakarta });
  finance = await t.makeUser('finance', { branchId: jakarta });
  managerB = await t.makeUser('manager', { branchId: bandung });
  owner = await t.makeUser('manager', { branchId: bandung, toplevel: 'owner' });
  const post = async (u: TestUser, url: string, body: unknown) => {
    const res = await t.api(u).post(url, body);
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const tm = await post(manager, '/api/master/tindakanmedis', { code: 'TM-01', name: 'Facial Acne', price: 250000 });
  await post(manager, '/api/master/tindakanmedis', { code: 'TM-02', name: 'Peeling Lama', price: 1, status: 0 });
  await post(manager, '/api/master/item', {
    code: 'IT-01',
    name: 'Serum Vitamin C',
    unit: 'botol',
    selling_price: 185000.5,
  });
  await post(manager, '/api/master/laboratorium', { code: 'LB-01', name: 'Darah Lengkap', price: 120000 });
  await post(managerB, '/api/master/tindakanmedis', { code: 'TM-B', name: 'Facial Bandung', price: 99000 });
  const type = await post(manager, '/api/paket/type', {
    name: 'Promo Akhir Tahun',
    type: 1,
    start_at: '2024-01-01',
    end_at: '2099-12-31',
  });
  const ended = await post(manager, '/api/paket/type', {
    name: 'Promo Lama',
    type: 1,
    start_at: '2020-01-01',
    end_at: '2020-12-31',
  });
  const item = [{ type: 1, ref_id: tm.id, free_slot: 3, expired_duration: 90 }];
  const paket = await post(manager, '/api/paket', {
    code: 'PKT-01',
    name: 'Paket Glowing',
    paket_type_id: type.id,
    active_at: '2024-01-01',
    price: 1500000,
    items: item,
  });
  historyId = paket.id;
  await post(manager, '/api/paket', {
    code: 'PKT-02',
    name: 'Paket Kedaluwarsa',
    paket_type_id: ended.id,
    active_at: '2020-01-01',
    price: 500000,
    items: item,
  });
  await post(manager, '/api/finance/periode', { start_date: '2024-01-01' });
  customer = await t.makePatient(jakarta, { name: 'Sari Member', phone: '081234567890' });
  await t.makePatient(jakarta, { name: 'Sari Bukan Member' });
  const doctor = await t.makeUser('dokter', { branchId: jakarta, password: null });
  await post(admin, '/api/paket/membership', { customer, doctor: doctor.id, paket_history_id: historyId });
});
afterAll(() => t.close());

describe("'Daftar Harga' (/api/service/pricelist)", () => {
  it('lists active treatments, items, lab forms and running packages of the branch with rupiah prices', async () => {
    const res = await t.api(perawat).get('/api/service/pricelist');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { kind: string; code: string; price: number; detail: string | null }) => r)).toEqual([
      expect.objectContaining({ kind: 'formlab', code: 'LB-01', name: 'Darah Lengkap', price: 120000 }),
      expect.objectContaining({ kind: 'tindakan', code: 'TM-01', name: 'Facial Acne', price: 250000 }),
      expect.objectContaining({ kind: 'paket', code: 'PKT-01', name: 'Paket Glowing', price: 1500000 }),
      expect.objectContaining({ kind: 'item', code: 'IT-01', price: 185000.5, detail: 'botol' }),
    ]);
    expect(res.body.data[2].detail).toBe('Promo Akhir Tahun');
    expect(res.body.count).toBe(4);
  });

  it('searches by name or code and filters by kind', async () => {
    const kw = await t.api(admin).get('/api/service/pricelist?keyword=FACIAL');
    expect(kw.body.data.map((r: { code: string }) => r.code)).toEqual(['TM-01']);
    const code = await t.api(admin).get('/api/service/pricelist?keyword=pkt');
    expect(code.body.data.map((r: { code: string }) => r.code)).toEqual(['PKT-01']);
    const kind = await t.api(admin).get('/api/service/pricelist?kind=item&keyword=');
    expect(kind.body.data.map((r: { code: string }) => r.code)).toEqual(['IT-01']);
    const bad = await t.api(admin).get('/api/service/pricelist?kind=obat');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ message: 'Jenis tidak valid', field: 'kind' }]);
    // Bandung's price list is Bandung's only.
    const b = await t.api(managerB).get('/api/service/pricelist');
    expect(b.body.data.map((r: { code: string }) => r.code)).toEqual(['TM-B']);
    // PRICELIST read: multimedia has none.
    expect((await t.api(multimedia).get('/api/service/pricelist')).status).toBe(403);
  });
});

describe("'Member' (/api/membership/member)", () => {
  it('lists patients with packages and their packages, searchable; other branches see none', async () => {
    const res = await t.api(finance).get('/api/membership/member');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.data[0]).toMatchObject({
      id: customer,
      name: 'Sari Member',
      phone: '081234567890',
      active_count: 1,
      packages: [{ paketname: 'Paket Glowing', typename: 'Promo Akhir Tahun', price: 1500000, status: 1 }],
    });
    expect((await t.api(admin).get('/api/membership/member?keyword=sari')).body.count).toBe(1);
    expect((await t.api(admin).get('/api/membership/member?keyword=tidak-ada')).body.count).toBe(0);
    expect((await t.api(managerB).get('/api/membership/member')).body).toEqual({ data: [], count: 0 });
    expect((await t.api(perawat).get('/api/membership/member')).status).toBe(403);
  });
});

describe("Backoffice 'Member' (/api/backoffice/membership/member, issue 30)", () => {
  it('answers the members of every branch or the branches named to top-level users, on the read trail', async () => {
    const all = await t.api(owner).get('/api/backoffice/membership/member');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject([{ id: customer, profile_id: jakarta, active_count: 1 }]);
    const named = await t.api(owner).get(`/api/backoffice/membership/member?profile_id=${jakarta},${bandung}`);
    expect(named.body.count).toBe(1);
    expect((await t.api(owner).get(`/api/backoffice/membership/member?profile_id=${bandung}`)).body).toEqual({
      data: [],
      count: 0,
    });
    const trail = await queryRows<{ after: { ids: number[]; what: string } }>(
      t.db,
      sql`select after from audit_log where user_id = ${owner.id} and entity = 'patient' and action = 'read_list' order by id`,
    );
    expect(trail.map((r) => r.after)).toMatchObject([
      { ids: [customer], what: 'member' },
      { ids: [customer], what: 'member' },
    ]);
  });

  it('refuses branch users (403), the branch manager included', async () => {
    expect((await t.api(manager).get('/api/backoffice/membership/member')).status).toBe(403);
    expect((await t.api(managerB).get(`/api/backoffice/membership/member?profile_id=${jakarta}`)).status).toBe(403);
  });
});
