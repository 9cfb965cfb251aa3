import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch();
  admin = await t.makeUser('admin', { branchId: branch });
});
afterAll(() => t.close());

describe('GET /api/wilayah/{level} and tRPC wilayah.*', () => {
  it('walks province -> regency -> district -> village', async () => {
    const prov = await t.api(admin).get('/api/wilayah/provinces?keyword=jawa barat');
    expect(prov.status).toBe(200);
    expect(prov.body.data).toEqual([{ code: '32', name: 'Jawa Barat', parent: '' }]);
    const reg = await t.trpc(admin).wilayah.regencies({ parent: '32', keyword: 'bandung' });
    expect(reg.map((r) => r.name)).toEqual(expect.arrayContaining(['Kota Bandung', 'Kabupaten Bandung']));
    const kota = reg.find((r) => r.name === 'Kota Bandung')!;
    const dist = await t.api(admin).get(`/api/wilayah/districts?parent=${kota.code}&keyword=coblong`);
    expect(dist.body.data).toHaveLength(1);
    const vill = await t.trpc(admin).wilayah.villages({ parent: dist.body.data[0].code });
    expect(vill.map((v) => v.name)).toContain('Dago');
  });

  it('answers 400 without a parent or for an unknown level, 401 when signed out', async () => {
    const noParent = await t.api(admin).get('/api/wilayah/regencies');
    expect(noParent.status).toBe(400);
    expect(noParent.body).toEqual([{ message: 'Kode wilayah induk wajib diisi', field: 'parent' }]);
    expect((await t.api(admin).get('/api/wilayah/negara')).status).toBe(400);
    expect((await t.api(admin).get('/api/wilayah/districts?parent=abc')).status).toBe(400);
    expect((await t.api(null).get('/api/wilayah/provinces')).status).toBe(401);
  });
});
