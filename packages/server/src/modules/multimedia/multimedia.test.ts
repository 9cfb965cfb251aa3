import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';
import { jpegWithExif, makeVisit, uploadPhoto } from '../../../test/factories/multimedia.js';

let t: TestApp;
let jakarta: number;
let bandung: number;
let mm: TestUser;
let admin: TestUser;
let dokter: TestUser;
let inventory: TestUser;
let owner: TestUser;
let mmB: TestUser;
let labelId: number;
let labelB: number;

/** Every file under the test app's upload directory (relative paths). */
function files(): string[] {
  const root = t.config.uploadDir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

async function state() {
  return { rows: await countRows(t.db, 'visit_multimedia', 'audit_log', 'multimedia_label'), files: files() };
}

beforeAll(async () => {
  t = await createTestApp();
  jakarta = await t.makeBranch({ name: 'Jakarta' });
  bandung = await t.makeBranch({ name: 'Bandung' });
  mm = await t.makeUser('multimedia', { branchId: jakarta });
  admin = await t.makeUser('admin', { branchId: jakarta });
  dokter = await t.makeUser('dokter', { branchId: jakarta });
  inventory = await t.makeUser('inventory', { branchId: jakarta });
  owner = await t.makeUser('manager', { branchId: jakarta, toplevel: 'owner' });
  mmB = await t.makeUser('multimedia', { branchId: bandung });
  labelId = (await t.api(mm).post('/api/service/multimedialabel', { name: 'Wajah Depan' })).body.data.id;
  labelB = (await t.api(mmB).post('/api/service/multimedialabel', { name: 'Wajah Depan' })).body.data.id;
});
afterAll(() => t.close());

describe('labels master (/api/service/multimedialabel)', () => {
  it('creates, lists, renames and deactivates; never deletes', async () => {
    const created = await t.api(mm).post('/api/service/multimedialabel', { name: '  Sisi Kiri ' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Sisi Kiri', status: 1, profile_id: jakarta });
    const id = created.body.data.id;
    const list = await t.api(admin).get('/api/service/multimedialabel?keyword=kiri');
    expect(list.status).toBe(200);
    expect(list.body.data.map((l: { name: string }) => l.name)).toEqual(['Sisi Kiri']);
    const renamed = await t.api(mm).put(`/api/service/multimedialabel/${id}`, { name: 'Sisi Kiri Wajah', status: 0 });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Sisi Kiri Wajah', status: 0 });
    const active = await t.api(mm).get('/api/service/multimedialabel?status=1');
    expect(active.body.data.map((l: { id: number }) => l.id)).not.toContain(id);
    // Bandung's list does not show Jakarta's labels.
    const other = await t.api(mmB).get('/api/service/multimedialabel');
    expect(other.body.data.map((l: { id: number }) => l.id)).toEqual([labelB]);
  });

  it('refuses a short or taken name (400), other roles (403), other branches (404), writing nothing', async () => {
    const before = await state();
    const short = await t.api(mm).post('/api/service/multimedialabel', { name: ' x ' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual([{ message: 'Nama label minimal 2 karakter', field: 'name' }]);
    const taken = await t.api(mm).post('/api/service/multimedialabel', { name: 'wajah depan' });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual([{ message: 'Nama label sudah dipakai di cabang ini', field: 'name' }]);
    expect((await t.api(dokter).post('/api/service/multimedialabel', { name: 'Dokter' })).status).toBe(403);
    expect((await t.api(inventory).get('/api/service/multimedialabel')).status).toBe(403);
    expect((await t.api(mmB).put(`/api/service/multimedialabel/${labelId}`, { name: 'Diambil' })).status).toBe(404);
    expect(await state()).toEqual(before);
  });
});

describe('progress photos (/api/service/visitmultimedia)', () => {
  it('re-encodes the upload: EXIF gone, longest side bounded, a thumbnail made; blank upload_at is now', async () => {
    const visit = await makeVisit(t, jakarta);
    t.setNow('2026-11-23T03:04:05.000Z');
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#8090a0' } })
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Make: 'KameraUji', Copyright: 'Lokasi Rahasia' } })
      .toBuffer();
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const res = await uploadPhoto(
      t,
      mm,
      { visit: String(visit.id), label: String(labelId), upload_at: '', note: 'Sebelum perawatan' },
      { content: big },
    );
    t.setNow(null);
    expect(res.status).toBe(201);
    const photo = res.body.data;
    expect(photo).toMatchObject({
      visit: visit.id,
      customer: visit.customer,
      label: labelId,
      labelname: 'Wajah Depan',
      upload_at: '2026-11-23T03:04:05.000Z',
      note: 'Sebelum perawatan',
      status: 1,
      width: 2048,
      height: 1024,
      uploaded_by: mm.id,
    });
    const [row] = await queryRows<{ photo: string; thumbnail: string }>(
      t.db,
      sql`select photo, thumbnail from visit_multimedia where id = ${photo.id}`,
    );
    expect(row.photo).toMatch(new RegExp(`^visit/${visit.id}/[0-9a-z]+-[0-9a-f]{16}\\.jpg$`));
    const stored = fs.readFileSync(path.join(t.config.uploadDir, row.photo));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2048, height: 1024 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('KameraUji'))).toBe(false);
    const thumb = await sharp(fs.readFileSync(path.join(t.config.uploadDir, row.thumbnail))).metadata();
    expect(thumb).toMatchObject({ format: 'jpeg', width: 320, height: 160 });
    expect(thumb.exif).toBeUndefined();
    // The upload is on the patient's audit trail.
    const [a] = await queryRows<{ action: string; entity_id: string }>(
      t.db,
      sql`select action, entity_id from audit_log where action = 'upload_photo' order by id desc limit 1`,
    );
    expect(a).toEqual({ action: 'upload_photo', entity_id: String(visit.customer) });
  });

  it('keeps a given upload_at; refuses one in the future or unreadable', async () => {
    const visit = await makeVisit(t, jakarta);
    const img = { content: await jpegWithExif() };
    const ok = await uploadPhoto(
      t,
      mm,
      { visit: String(visit.id), label: String(labelId), upload_at: '2026-11-01T02:00:00.000Z' },
      img,
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data.upload_at).toBe('2026-11-01T02:00:00.000Z');
    const before = await state();
    const future = await uploadPhoto(
      t,
      mm,
      { visit: String(visit.id), label: String(labelId), upload_at: '2999-01-01T00:00:00Z' },
      img,
    );
    expect(future.status).toBe(400);
    expect(future.body).toEqual([{ message: 'Waktu unggah tidak boleh di masa depan', field: 'upload_at' }]);
    const bad = await uploadPhoto(
      t,
      mm,
      { visit: String(visit.id), label: String(labelId), upload_at: 'kemarin' },
      img,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ message: 'Waktu unggah tidak valid', field: 'upload_at' }]);
    expect(await state()).toEqual(before);
  });

  it('refuses a bad file, a missing or foreign visit, a cancelled visit and other roles, writing nothing', async () => {
    const visit = await makeVisit(t, jakarta);
    const foreign = await makeVisit(t, bandung);
    const cancelled = await makeVisit(t, jakarta, { status: 'batal' });
    const jpeg = { content: await jpegWithExif() };
    const fields = { visit: String(visit.id), label: String(labelId) };
    const before = await state();

    const text = await uploadPhoto(t, mm, fields, { content: Buffer.from('bukan gambar'), filename: 'x.jpg' });
    expect(text.status).toBe(400);
    expect(text.body).toEqual([{ message: 'File harus berupa gambar PNG, JPG, JPEG atau GIF', field: 'photo' }]);
    // Bytes that look like a JPEG but do not decode.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    const corrupt = await uploadPhoto(t, mm, fields, { content: broken });
    expect(corrupt.status).toBe(400);
    expect(corrupt.body).toEqual([{ message: 'File harus berupa gambar PNG, JPG, JPEG atau GIF', field: 'photo' }]);

    const nothing = await uploadPhoto(t, mm, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body).toEqual([
      { message: 'Kunjungan wajib dipilih', field: 'visit' },
      { message: 'Label wajib dipilih', field: 'label' },
      { message: 'File gambar wajib dipilih', field: 'photo' },
    ]);
    const missing = await uploadPhoto(t, mm, { visit: '999999', label: String(labelId) }, jpeg);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual([{ message: 'Kunjungan tidak ditemukan', field: 'visit' }]);
    const other = await uploadPhoto(t, mm, { visit: String(foreign.id), label: String(labelId) }, jpeg);
    expect(other.status).toBe(400);
    expect(other.body).toEqual([{ message: 'Kunjungan tidak ditemukan', field: 'visit' }]);
    const otherLabel = await uploadPhoto(t, mm, { visit: String(visit.id), label: String(labelB) }, jpeg);
    expect(otherLabel.status).toBe(400);
    expect(otherLabel.body).toEqual([{ message: 'Label multimedia tidak ditemukan', field: 'label' }]);
    const batal = await uploadPhoto(t, mm, { visit: String(cancelled.id), label: String(labelId) }, jpeg);
    expect(batal.status).toBe(400);
    expect(batal.body).toEqual([{ message: 'Kunjungan sudah dibatalkan', field: 'visit' }]);
    // Bandung's multimedia user cannot put a photo on a Jakarta visit.
    const fromB = await uploadPhoto(t, mmB, fields, jpeg);
    expect(fromB.status).toBe(400);
    expect((await uploadPhoto(t, dokter, fields, jpeg)).status).toBe(403);
    expect(await state()).toEqual(before);
  });

  it('lists with filters (visit, customer, label, date range) and the queue shows the visits that need photos', async () => {
    const v1 = await makeVisit(t, jakarta);
    const v2 = await makeVisit(t, jakarta, { customer: v1.customer });
    const noPhotos = await makeVisit(t, jakarta, { needsMultimedia: false });
    const side = (await t.api(mm).post('/api/service/multimedialabel', { name: 'Sisi Kanan' })).body.data.id;
    const img = { content: await jpegWithExif() };
    const up = async (visit: number, label: number, at: string) =>
      (await uploadPhoto(t, mm, { visit: String(visit), label: String(label), upload_at: at }, img)).body.data.id;
    const a = await up(v1.id, labelId, '2026-10-01T03:00:00Z');
    const b = await up(v1.id, side, '2026-10-01T04:00:00Z');
    const c = await up(v2.id, labelId, '2026-11-10T03:00:00Z');
    const ids = async (q: string) =>
      (await t.api(admin).get(`/api/service/visitmultimedia?${q}`)).body.data.map((p: { id: number }) => p.id);
    expect(await ids(`customer=${v1.customer}`)).toEqual([c, b, a]);
    expect(await ids(`visit=${v1.id}`)).toEqual([b, a]);
    expect(await ids(`customer=${v1.customer}&label=${labelId}`)).toEqual([c, a]);
    expect(await ids(`customer=${v1.customer}&fromdate=2026-11-01&todate=2026-11-30`)).toEqual([c]);
    // 1 October 23:30 WIB is still 1 October in Jakarta (16:30 UTC).
    const late = await up(v1.id, side, '2026-10-01T16:30:00Z');
    expect(await ids(`customer=${v1.customer}&fromdate=2026-10-01&todate=2026-10-01`)).toEqual([late, b, a]);
    const page = await t.api(admin).get(`/api/service/visitmultimedia?customer=${v1.customer}&limit=2`);
    expect(page.body.count).toBe(4);
    expect(page.body.data).toHaveLength(2);
    // Bandung sees none of them.
    expect((await t.api(mmB).get(`/api/service/visitmultimedia?customer=${v1.customer}`)).body).toEqual({
      data: [],
      count: 0,
    });
    // A bad filter is a 400 in Indonesian.
    const badDate = await t.api(admin).get('/api/service/visitmultimedia?fromdate=kemarin');
    expect(badDate.status).toBe(400);
    expect(badDate.body[0].field).toBe('fromdate');

    const queue = await t.api(mm).get('/api/service/visitmultimedia/queue');
    expect(queue.status).toBe(200);
    const qIds = queue.body.data.map((v: { id: number }) => v.id);
    expect(qIds).toEqual(expect.arrayContaining([v1.id, v2.id]));
    expect(qIds).not.toContain(noPhotos.id);
    const row1 = queue.body.data.find((v: { id: number }) => v.id === v1.id);
    expect(row1.photos.map((p: { id: number }) => p.id)).toEqual([a, b, late]);
    expect(row1.customerdata.id).toBe(v1.customer);
    // Cancelled visits leave the queue; Bandung's queue has none of Jakarta's.
    const cancelled = await makeVisit(t, jakarta, { status: 'batal' });
    const again = (await t.api(mm).get('/api/service/visitmultimedia/queue')).body.data.map(
      (v: { id: number }) => v.id,
    );
    expect(again).not.toContain(cancelled.id);
    const queueB = (await t.api(mmB).get('/api/service/visitmultimedia/queue')).body.data.map(
      (v: { id: number }) => v.id,
    );
    expect(queueB).not.toContain(v1.id);
    expect((await t.api(inventory).get('/api/service/visitmultimedia/queue')).status).toBe(403);
  });

  it('serves the files only to the visit branch with RM_FOTOPROGRES, and records the view', async () => {
    const visit = await makeVisit(t, jakarta);
    const res = await uploadPhoto(
      t,
      mm,
      { visit: String(visit.id), label: String(labelId) },
      { content: await jpegWithExif() },
    );
    const id = res.body.data.id;
    const auditsBefore = (await countRows(t.db, 'audit_log')).audit_log;
    const photo = await t.api(dokter).get(`/api/files/visitmultimedia/${id}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(photo.raw.rawPayload).metadata()).format).toBe('jpeg');
    const [view] = await queryRows<{ action: string; entity: string; entity_id: string; user_id: number }>(
      t.db,
      sql`select action, entity, entity_id, user_id from audit_log order by id desc limit 1`,
    );
    expect(view).toEqual({ action: 'read', entity: 'patient', entity_id: String(visit.customer), user_id: dokter.id });
    expect((await countRows(t.db, 'audit_log')).audit_log).toBe(auditsBefore + 1);
    expect((await t.api(admin).get(`/api/files/visitmultimedia/${id}/thumbnail`)).status).toBe(200);
    expect((await t.api(mmB).get(`/api/files/visitmultimedia/${id}/photo`)).status).toBe(404);
    expect((await t.api(mmB).get(`/api/files/visitmultimedia/${id}/thumbnail`)).status).toBe(404);
    expect((await t.api(inventory).get(`/api/files/visitmultimedia/${id}/photo`)).status).toBe(403);
    expect((await t.api(null).get(`/api/files/visitmultimedia/${id}/photo`)).status).toBe(401);
  });

  it('delete hides the photo: the row and file stay, an audit row is written, the auditor still sees it', async () => {
    const visit = await makeVisit(t, jakarta);
    const res = await uploadPhoto(
      t,
      mm,
      { visit: String(visit.id), label: String(labelId) },
      { content: await jpegWithExif() },
    );
    const id = res.body.data.id;
    const filesBefore = files();
    expect((await t.api(mmB).delete(`/api/service/visitmultimedia/${id}`)).status).toBe(404);
    expect((await t.api(dokter).delete(`/api/service/visitmultimedia/${id}`)).status).toBe(403);
    const del = await t.api(mm).delete(`/api/service/visitmultimedia/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id, status: 0 });
    expect(del.body.data.deleted_at).toBeTruthy();
    const [row] = await queryRows<{ status: number; deleted_by: number }>(
      t.db,
      sql`select status, deleted_by from visit_multimedia where id = ${id}`,
    );
    expect(row).toEqual({ status: 0, deleted_by: mm.id });
    expect(files()).toEqual(filesBefore);
    const [a] = await queryRows<{ action: string; entity_id: string; user_id: number }>(
      t.db,
      sql`select action, entity_id, user_id from audit_log where action = 'delete_photo' order by id desc limit 1`,
    );
    expect(a).toEqual({ action: 'delete_photo', entity_id: String(visit.customer), user_id: mm.id });
    // Hidden from everyone's lists and files...
    const list = await t.api(admin).get(`/api/service/visitmultimedia?visit=${visit.id}&withdeleted=1`);
    expect(list.body.count).toBe(0);
    expect((await t.api(admin).get(`/api/files/visitmultimedia/${id}/photo`)).status).toBe(404);
    // ...except the auditor's history view.
    const history = await t.api(owner).get(`/api/service/visitmultimedia?visit=${visit.id}&withdeleted=1`);
    expect(history.body.data).toMatchObject([{ id, status: 0, deletedbyname: expect.any(String) }]);
    expect((await t.api(owner).get(`/api/files/visitmultimedia/${id}/photo`)).status).toBe(200);
    // A second delete changes nothing.
    const again = await t.api(mm).delete(`/api/service/visitmultimedia/${id}`);
    expect(again.status).toBe(409);
    // The database refuses a real delete.
    await expect(queryRows(t.db, sql`delete from visit_multimedia where id = ${id}`)).rejects.toThrow();
  });
});
