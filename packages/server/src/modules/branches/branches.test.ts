import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';
import sharp from 'sharp';
import { PNG_1X1, upload } from '../../../test/upload-helpers.js';
import { profile } from '../../db/schema/index.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let manager: TestUser;
let admin: TestUser;
let owner: TestUser;
let perawatB: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B', status: 0 });
  manager = await t.makeUser('manager', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  perawatB = await t.makeUser('perawat', { branchId: branchB });
});
afterAll(() => t.close());

async function branchRow(id: number) {
  const [row] = await t.db.select().from(profile).where(eq(profile.id, id));
  return row;
}

describe('branch manager', () => {
  it('lists every branch with status for owner/developer (isallbranch), only the current one otherwise', async () => {
    const all = await t.api(owner).get('/api/profile?isallbranch=1');
    expect(all.body.data.map((b: { id: number; status: number }) => [b.id, b.status])).toEqual(
      expect.arrayContaining([
        [branchA, 1],
        [branchB, 0],
      ]),
    );
    const active = await t.api(owner).get('/api/profile?isallbranch=1&status=1');
    expect(active.body.data.some((b: { id: number }) => b.id === branchB)).toBe(false);
    const mine = await t.api(manager).get('/api/profile?isallbranch=1');
    expect(mine.body.data.map((b: { id: number }) => b.id)).toEqual([branchA]);
  });

  it('toggles active and edits with the manage flag, only its own branch', async () => {
    const res = await t.api(manager).put(`/api/profile/${branchA}`, { status: 0, phone: '0227654321' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 0, phone: '0227654321' });
    await t.api(manager).put(`/api/profile/${branchA}`, { status: 1 });
    const before = await branchRow(branchB);
    expect((await t.api(manager).put(`/api/profile/${branchB}`, { name: 'Diambil' })).status).toBe(404);
    expect((await t.api(admin).put(`/api/profile/${branchA}`, { name: 'Admin Ganti' })).status).toBe(403);
    expect((await t.api(manager).put(`/api/profile/${branchA}`, { status: 3 })).status).toBe(400);
    expect(await branchRow(branchB)).toEqual(before);
  });
});

describe('branch address codes (issue 30 item 5)', () => {
  it('stores a chain of real areas and answers their names', async () => {
    const res = await t.api(owner).put(`/api/profile/${branchA}`, {
      provincy_code: '32',
      city_code: '32.73',
      kecamatan_code: '32.73.02',
      desa_code: '32.73.02.1001',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ provincy_code: '32', city_code: '32.73', desa_code: '32.73.02.1001' });
    expect(res.body.data.area).toMatchObject({ provincy: 'Jawa Barat', city: 'Kota Bandung', kecamatan: 'Coblong' });
    expect(res.body.data.area.desa).not.toBe('');
    // A partial update of another field keeps the codes; clearing the lower levels is allowed.
    const kept = await t.api(owner).put(`/api/profile/${branchA}`, { phone: '0221111111' });
    expect(kept.body.data.desa_code).toBe('32.73.02.1001');
    const cleared = await t.api(owner).put(`/api/profile/${branchA}`, { kecamatan_code: null, desa_code: null });
    expect(cleared.body.data).toMatchObject({ city_code: '32.73', kecamatan_code: null, desa_code: null });
  });

  it('refuses a level outside the one above, a missing upper level and an unknown code: 400 on the field', async () => {
    const before = await branchRow(branchA);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ provincy_code: '31', city_code: '32.73' }, 'city_code', /tidak termasuk provinsi/],
      [{ provincy_code: '32', city_code: '32.73', kecamatan_code: '32.04.05' }, 'kecamatan_code', /tidak termasuk/],
      [{ provincy_code: null, city_code: null, kecamatan_code: '32.73.02' }, 'city_code', /wajib dipilih/],
      [{ provincy_code: '99' }, 'provincy_code', /tidak ditemukan/],
      [{ provincy_code: 'JB' }, 'provincy_code', /tidak valid/],
      // The stored regency (32.73) is not in the new province.
      [{ provincy_code: '33' }, 'city_code', /tidak termasuk provinsi/],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.api(owner).put(`/api/profile/${branchA}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.find((e: { field?: string }) => e.field === field)?.message).toMatch(message);
    }
    expect(await branchRow(branchA)).toEqual(before);
    const created = await t
      .api(owner)
      .post('/api/profile', { name: 'Cabang C', provincy_code: '32', city_code: '31.71' });
    expect(created.status).toBe(400);
    expect(created.body[0]).toMatchObject({ field: 'city_code' });
  });

  it('the database refuses a broken chain written around the server', async () => {
    await expect(
      t.db.execute(sql`UPDATE profile SET provincy_code = '31', city_code = '32.73' WHERE id = ${branchB}`),
    ).rejects.toThrow();
  });
});

describe('POST /api/profile/uploadavatar/{id} (branch logo) and GET /api/files/profile/{id}/logo', () => {
  it('stores a real PNG as the logo; any signed-in user reads it', async () => {
    const res = await upload(t, manager, `/api/profile/uploadavatar/${branchA}`, 'logo.png', PNG_1X1);
    expect(res.status).toBe(200);
    expect(res.body.data.logourl).toMatch(new RegExp(`^/api/files/profile/${branchA}/logo\\?v=`));
    const file = await t.app.inject({
      method: 'GET',
      url: res.body.data.logourl,
      headers: { cookie: perawatB.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // Re-encoded without metadata (issue 8): the same 1x1 picture, not necessarily the same bytes.
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/files/profile/${branchA}/logo` })).statusCode).toBe(401);
    expect((await t.api(manager).get(`/api/files/profile/${branchB}/logo`)).status).toBe(404);
  });

  it('replaces the logo with a GIF checked by content, whatever its name', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const res = await upload(t, manager, `/api/profile/uploadavatar/${branchA}`, 'logo.jpeg', gif, 'image/jpeg');
    expect(res.status).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/files/profile/${branchA}/logo`,
      headers: { cookie: manager.cookie },
    });
    expect(file.headers['content-type']).toBe('image/gif');
  });

  it('refuses a renamed text file (400), an 11 MB file (413), other roles (403) and other branches (404)', async () => {
    const before = await branchRow(branchA);
    const audit = await countRows(t.db, 'audit_log');
    const txt = await upload(
      t,
      manager,
      `/api/profile/uploadavatar/${branchA}`,
      'logo.png',
      Buffer.from('GIF? bukan, ini teks'),
    );
    expect(txt.status).toBe(400);
    expect(txt.body).toEqual([{ message: 'File harus berupa gambar PNG, JPG, JPEG atau GIF', field: 'avatar' }]);
    const big = await upload(
      t,
      manager,
      `/api/profile/uploadavatar/${branchA}`,
      'logo.png',
      Buffer.concat([PNG_1X1, Buffer.alloc(11 * 1024 * 1024)]),
    );
    expect(big.status).toBe(413);
    expect(big.body).toEqual([{ message: 'Ukuran file maksimal 10MB' }]);
    expect((await upload(t, admin, `/api/profile/uploadavatar/${branchA}`, 'logo.png', PNG_1X1)).status).toBe(403);
    expect((await upload(t, manager, `/api/profile/uploadavatar/${branchB}`, 'logo.png', PNG_1X1)).status).toBe(404);
    expect(await branchRow(branchA)).toEqual(before);
    expect(await countRows(t.db, 'audit_log')).toEqual(audit);
  });
});

describe('a branch is never deleted (issue 30 item 5)', () => {
  it('has no DELETE route, and the database refuses to delete or truncate a branch: it is deactivated instead', async () => {
    expect((await t.api(owner).delete(`/api/profile/${branchB}`)).status).toBe(404);
    await expect(t.db.delete(profile).where(eq(profile.id, branchB))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate table profile cascade`)).rejects.toThrow();
    const before = (await branchRow(branchB))?.status;
    for (const status of [1, 0]) {
      expect((await t.api(owner).put(`/api/profile/${branchB}`, { status })).status).toBe(200);
      expect((await branchRow(branchB))?.status).toBe(status);
    }
    await t.api(owner).put(`/api/profile/${branchB}`, { status: before });
  });
});
