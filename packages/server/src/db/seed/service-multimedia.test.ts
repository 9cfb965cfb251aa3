import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../client.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { makeVisit } from '../../../test/factories/multimedia.js';
import { DEMO_MULTIMEDIA_LABELS, seedServiceMultimedia } from './service-multimedia.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('multimedia demo data', () => {
  it('adds the labels to every branch and, with visits on two dates, before/after photos with their files', async () => {
    const jakarta = await t.makeBranch({ name: 'Jakarta Demo' });
    const bandung = await t.makeBranch({ name: 'Bandung Demo' });
    await t.makeUser('multimedia', { branchId: jakarta, password: null });
    // Without visits: labels only, and nothing breaks.
    expect(await seedServiceMultimedia(t.db, [jakarta, bandung], { uploadDir: t.config.uploadDir })).toEqual({
      labels: 8,
      photos: 0,
    });
    const first = await makeVisit(t, jakarta, { date: '2026-10-01' });
    await makeVisit(t, jakarta, { date: '2026-11-05', customer: first.customer });
    // Run again (labels are not doubled) now that visits exist.
    expect(await seedServiceMultimedia(t.db, [jakarta, bandung], { uploadDir: t.config.uploadDir })).toEqual({
      labels: 0,
      photos: 4,
    });
    const labels = await queryRows<{ profile_id: number; name: string }>(
      t.db,
      sql`select profile_id, name from multimedia_label order by profile_id, id`,
    );
    expect(labels.filter((l) => l.profile_id === bandung).map((l) => l.name)).toEqual([...DEMO_MULTIMEDIA_LABELS]);
    const photos = await queryRows<{ customer_id: number; photo: string; thumbnail: string; day: string }>(
      t.db,
      sql`select customer_id, photo, thumbnail, (upload_at at time zone 'Asia/Jakarta')::date::text as day
            from visit_multimedia order by upload_at, id`,
    );
    expect(photos.map((p) => p.day)).toEqual(['2026-10-01', '2026-10-01', '2026-11-05', '2026-11-05']);
    expect(new Set(photos.map((p) => p.customer_id))).toEqual(new Set([first.customer]));
    for (const p of photos) {
      const meta = await sharp(fs.readFileSync(path.join(t.config.uploadDir, p.photo))).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
      expect(fs.existsSync(path.join(t.config.uploadDir, p.thumbnail))).toBe(true);
    }
  });
});
