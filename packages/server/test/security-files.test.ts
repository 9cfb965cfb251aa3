import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FILE_REFERENCE_FIELDS } from '@klinik/shared';
import { queryRows } from '../src/db/client.js';
import { countRows, createTestApp, type TestApp, type TestUser } from './helpers.js';
import { multipartBody, PNG_1X1, upload } from './upload-helpers.js';

/**
 * Issue 8, finding 3 (file references are set only by the upload endpoints; stored files are addressed by the names
 * the server generated, for their owner) and the upload bullets of finding 6 (malformed multipart 400, over 10 MB
 * 413 and never truncated, EXIF stripped).
 */

let t: TestApp;
let branchA: number;
let branchB: number;
let owner: TestUser;
let managerA: TestUser;
let managerB: TestUser;
let patientA: number;

const TABLES = ['profile', 'users', 'audit_log', 'applog'];

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  managerA = await t.makeUser('manager', { branchId: branchA });
  managerB = await t.makeUser('manager', { branchId: branchB });
  patientA = await t.makePatient(branchA);
});
afterAll(() => t.close());

async function rowOf(table: 'profile' | 'users', id: number) {
  const rows = await queryRows<Record<string, unknown>>(
    t.db,
    sql`select * from ${sql.identifier(table)} where id = ${id}`,
  );
  return rows[0];
}

describe('a client never sets a file reference (finding 3)', () => {
  it('refuses every file-reference field on branch and user writes, REST and tRPC, changing nothing', async () => {
    const photo = await upload(t, managerA, `/api/users/uploadavatar/${patientA}`, 'p.png', PNG_1X1);
    expect(photo.status).toBe(200);
    const patientPhoto = (await rowOf('users', patientA)).avatar as string;
    const values = [patientPhoto, '../../etc/passwd', '/etc/passwd', 'http://evil.example/x.png', '', null];
    const before = await countRows(t.db, ...TABLES);
    const branchBefore = await rowOf('profile', branchB);
    for (const field of FILE_REFERENCE_FIELDS) {
      for (const value of values) {
        const body = { name: 'Cabang B', [field]: value };
        const put = await t.api(managerB).put(`/api/profile/${branchB}`, body);
        expect(put.status, `${field}=${String(value)}`).toBe(400);
        expect(put.body).toEqual([{ message: 'File hanya dapat diubah melalui unggah file', field }]);
        const post = await t.api(owner).post('/api/profile', { name: 'Cabang C', [field]: value });
        expect(post.status).toBe(400);
        const user = await t.api(managerA).put(`/api/users/${patientA}`, { name: 'Pasien', [field]: value });
        expect(user.status).toBe(400);
        expect(user.body).toContainEqual({ message: 'File hanya dapat diubah melalui unggah file', field });
        await expect(
          t.trpc(owner).branches.update({ id: branchB, data: { name: 'Cabang B', [field]: value } }),
        ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      }
    }
    // Nested too: a reference hidden inside an object is a reference.
    const nested = await t.api(managerB).put(`/api/profile/${branchB}`, { name: 'B', extra: { logo: patientPhoto } });
    expect(nested.status).toBe(400);
    expect(nested.body).toEqual([{ message: 'File hanya dapat diubah melalui unggah file', field: 'extra.logo' }]);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    expect(await rowOf('profile', branchB)).toEqual(branchBefore);
  });

  it("never serves, embeds or deletes a stored reference that is not the owner's own generated file", async () => {
    const photo = await upload(t, managerA, `/api/users/uploadavatar/${patientA}`, 'p.png', PNG_1X1);
    expect(photo.status).toBe(200);
    const patientPhoto = (await rowOf('users', patientA)).avatar as string;
    const abs = path.join(t.config.uploadDir, patientPhoto);
    expect(fs.existsSync(abs)).toBe(true);
    // A reference that got into the database some other way (old data, a hand edit): branch B's logo row points at
    // branch A's patient photo.
    for (const bogus of [patientPhoto, `profile/${branchB}/../../${patientPhoto}`, `profile/${branchB}/x.png`]) {
      await t.db.execute(sql`update profile set logo = ${bogus} where id = ${branchB}`);
      const served = await t.api(managerB).get(`/api/files/profile/${branchB}/logo`);
      expect(served.status, bogus).toBe(404);
      expect(served.body).toEqual([{ message: 'Logo tidak ditemukan' }]);
    }
    await t.db.execute(sql`update profile set logo = ${patientPhoto} where id = ${branchB}`);
    // The next logo upload replaces the reference but leaves the other owner's file alone.
    const logo = await upload(t, managerB, `/api/profile/uploadavatar/${branchB}`, 'logo.png', PNG_1X1);
    expect(logo.status).toBe(200);
    expect(fs.existsSync(abs)).toBe(true);
    const stored = (await rowOf('profile', branchB)).logo as string;
    expect(stored).toMatch(new RegExp(`^profile/${branchB}/[0-9a-z]+-[0-9a-f]{16}\\.png$`));
    expect((await t.api(managerB).get(`/api/files/profile/${branchB}/logo`)).status).toBe(200);
    // The patient's photo is still served to its own branch.
    expect((await t.api(managerA).get(`/api/files/users/${patientA}/avatar`)).status).toBe(200);
  });
});

describe('uploads (finding 6)', () => {
  it('answers a malformed multipart body 400 in the error shape, changing nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const good = multipartBody('avatar', 'a.png', PNG_1X1);
    const boundary = good.headers['content-type'].split('boundary=')[1];
    const bodies: [string, string | Buffer][] = [
      [good.headers['content-type'], good.payload.subarray(0, good.payload.length - 30)],
      [good.headers['content-type'], 'bukan multipart sama sekali'],
      ['multipart/form-data', good.payload],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx`],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nrusak\r\n\r\n--${boundary}--\r\n`],
      [`multipart/form-data; boundary=${boundary}`, ''],
    ];
    for (const [type, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/profile/uploadavatar/${branchA}`,
        headers: { 'content-type': type, cookie: managerA.cookie },
        payload,
      });
      expect(res.statusCode, `${type} ${String(payload).slice(0, 40)}`).toBe(400);
      const body = JSON.parse(res.body) as { message: string }[];
      expect(Array.isArray(body) && typeof body[0].message).toBe('string');
    }
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('refuses a file over 10 MB with 413, whatever its type, and stores nothing', async () => {
    const before = await rowOf('users', managerA.id);
    for (const big of [
      Buffer.concat([PNG_1X1, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG_1X1.length)]),
      Buffer.alloc(12 * 1024 * 1024, 0x41),
    ]) {
      const res = await upload(t, managerA, `/api/users/uploadavatar/${managerA.id}`, 'besar.png', big);
      expect(res.status).toBe(413);
      expect(res.body).toEqual([{ message: 'Ukuran file maksimal 10MB' }]);
    }
    expect(await rowOf('users', managerA.id)).toEqual(before);
    expect(fs.existsSync(path.join(t.config.uploadDir, 'users', String(managerA.id)))).toBe(false);
  });

  it('re-encodes photos without their EXIF metadata (location, device)', async () => {
    const exif = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'KameraRahasia', Model: 'X1' }, IFD2: { UserComment: 'Jl. Rahasia 1' } })
      .toBuffer();
    expect((await sharp(exif).metadata()).exif).toBeDefined();
    expect(exif.includes('KameraRahasia')).toBe(true);
    const res = await upload(t, managerA, `/api/users/uploadavatar/${managerA.id}`, 'f.jpg', exif, 'image/jpeg');
    expect(res.status).toBe(200);
    const file = await t.api(managerA).get(`/api/files/users/${managerA.id}/avatar`);
    expect(file.status).toBe(200);
    const meta = await sharp(file.raw.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 8, height: 6 });
    expect(meta.exif).toBeUndefined();
    expect(file.raw.rawPayload.includes('KameraRahasia')).toBe(false);
    // Bytes that look like a JPEG but are none: the same 400 as any other non-image.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('bukan gambar')]);
    const bad = await upload(t, managerA, `/api/users/uploadavatar/${managerA.id}`, 'f.jpg', fake, 'image/jpeg');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ message: 'File harus berupa gambar PNG, JPG, JPEG atau GIF', field: 'avatar' }]);
  });
});
