import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@klinik/shared';
import { queryRows } from '../db/client.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { makeVisit } from '../../test/factories/multimedia.js';
import { DEMO_MULTIMEDIA_LABELS, seedServiceMultimedia } from './service-multimedia.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const photosOf = (branch: number) =>
  queryRows<{ customer_id: number; photo: string; thumbnail: string; day: string }>(
    t.db,
    sql`select customer_id, photo, thumbnail, (upload_at at time zone 'Asia/Jakarta')::date::text as day
          from visit_multimedia where profile_id = ${branch} order by upload_at, id`,
  );
const visitsOf = (branch: number) =>
  queryRows<{ visit_date: string; status: string; needs_multimedia: boolean; queue_number: number }>(
    t.db,
    sql`select visit_date::text as visit_date, status, needs_multimedia, queue_number from visit
         where profile_id = ${branch} order by visit_date, id`,
  );

describe('multimedia demo data', () => {
  it('adds the labels to every branch, and without visits gives the queue a patient with before/after photos', async () => {
    const jakarta = await t.makeBranch({ name: 'Jakarta Demo' });
    const bandung = await t.makeBranch({ name: 'Bandung Demo' });
    // No patients or doctors yet: labels only, nothing breaks.
    expect(await seedServiceMultimedia(t.db, [jakarta, bandung], { uploadDir: t.config.uploadDir })).toEqual({
      labels: 8,
      photos: 0,
    });
    expect(await visitsOf(jakarta)).toEqual([]);
    const patient = await t.makePatient(jakarta, { name: 'Pasien Demo' });
    await t.makeUser('dokter', { branchId: jakarta, password: null });
    await t.makeUser('multimedia', { branchId: jakarta, password: null });
    expect(await seedServiceMultimedia(t.db, [jakarta, bandung], { uploadDir: t.config.uploadDir })).toEqual({
      labels: 0,
      photos: 4,
    });
    const today = todayIn('Asia/Jakarta');
    expect(await visitsOf(jakarta)).toEqual([
      { visit_date: addDays(today, -14), status: 'selesai', needs_multimedia: true, queue_number: 1 },
      { visit_date: today, status: 'menunggu', needs_multimedia: true, queue_number: 1 },
    ]);
    const labels = await queryRows<{ profile_id: number; name: string }>(
      t.db,
      sql`select profile_id, name from multimedia_label order by profile_id, id`,
    );
    expect(labels.filter((l) => l.profile_id === bandung).map((l) => l.name)).toEqual([...DEMO_MULTIMEDIA_LABELS]);
    const photos = await photosOf(jakarta);
    expect(photos.map((p) => p.day)).toEqual([addDays(today, -14), addDays(today, -14), today, today]);
    expect(new Set(photos.map((p) => p.customer_id))).toEqual(new Set([patient]));
    for (const p of photos) {
      const meta = await sharp(fs.readFileSync(path.join(t.config.uploadDir, p.photo))).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
      expect(fs.existsSync(path.join(t.config.uploadDir, p.thumbnail))).toBe(true);
    }
  });

  it("uses the visits seed's visits when there are some, adding none", async () => {
    const branch = await t.makeBranch({ name: 'Jakarta Kedua' });
    await t.makeUser('multimedia', { branchId: branch, password: null });
    const first = await makeVisit(t, branch, { date: '2026-10-01' });
    await makeVisit(t, branch, { customer: first.customer });
    const before = await visitsOf(branch);
    expect(await seedServiceMultimedia(t.db, [branch], { uploadDir: t.config.uploadDir })).toEqual({
      labels: 4,
      photos: 4,
    });
    expect(await visitsOf(branch)).toEqual(before);
    expect((await photosOf(branch)).map((p) => p.day)).toEqual([
      '2026-10-01',
      '2026-10-01',
      todayIn('Asia/Jakarta'),
      todayIn('Asia/Jakarta'),
    ]);
  });
});
