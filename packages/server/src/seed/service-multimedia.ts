import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows, type Db } from '../db/client.js';
import { addDays, todayIn } from '@klinik/shared';
import { multimediaLabel, visitMultimedia } from '../db/schema/index.js';
import { photoVariants, storeImage } from '../lib/uploads.js';

/** Labels of progress photos every demo branch starts with. */
export const DEMO_MULTIMEDIA_LABELS = ['Wajah Depan', 'Sisi Kiri', 'Sisi Kanan', 'Area Perawatan'] as const;

/**
 * A drawn 'progress photo': a face on a soft background with `spots` blemishes (fewer after treatment), so the
 * before/after view shows a difference. Deterministic: the spots' places come from the index.
 */
async function drawnPhoto(spots: number, tone: string): Promise<Buffer> {
  const dots = Array.from({ length: spots }, (_, i) => {
    const x = 210 + ((i * 73) % 180);
    const y = 300 + ((i * 41) % 200);
    return `<circle cx="${x}" cy="${y}" r="${6 + (i % 4)}" fill="#b5484a" opacity="0.75"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe9ee"/><stop offset="1" stop-color="#9fb7c4"/></linearGradient></defs>
    <rect width="600" height="800" fill="url(#bg)"/>
    <rect x="200" y="600" width="200" height="200" fill="${tone}"/>
    <ellipse cx="300" cy="380" rx="170" ry="230" fill="${tone}"/>
    <ellipse cx="240" cy="330" rx="22" ry="12" fill="#3b2f2f"/><ellipse cx="360" cy="330" rx="22" ry="12" fill="#3b2f2f"/>
    <path d="M250 480 Q300 510 350 480" stroke="#8a4b4b" stroke-width="8" fill="none"/>
    ${dots}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The multimedia queue must not be empty on a new demo: when the visits seed (which runs first) left no Jakarta visit
 * needing photos today, one patient gets a finished treatment visit two weeks ago and a waiting one today, both
 * needing photos, with the next free queue numbers of their doctor and day and codes of their own ('MM-' prefix).
 * When the visits seed made such visits, nothing is added.
 */
async function ensureQueueVisits(tx: Db, branch: number): Promise<void> {
  const today = todayIn('Asia/Jakarta');
  const [waiting] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from visit
         where profile_id = ${branch} and visit_date = ${today}::date and needs_multimedia and status <> 'batal'`,
  );
  if (Number(waiting?.n ?? 0) > 0) return;
  const [people] = await queryRows<{ patient: number | null; doctor: number | null; admin: number | null }>(
    tx,
    sql`select (select id from users where role = 1 and profile_id = ${branch} order by id limit 1) as patient,
               (select u.id from users u join role r on r.id = u.role
                 where r.name = 'dokter' and u.profile_id = ${branch} order by u.id limit 1) as doctor,
               (select u.id from users u join role r on r.id = u.role
                 where r.name = 'admin' and u.profile_id = ${branch} order by u.id limit 1) as admin`,
  );
  if (!people?.patient || !people.doctor) return;
  const days: [string, string][] = [
    [addDays(today, -14), 'selesai'],
    [today, 'menunggu'],
  ];
  for (const [date, status] of days) {
    await queryRows(
      tx,
      sql`insert into visit (profile_id, code, visit_date, queue_number, customer_id, doctor_id, kind, complaint,
                             needs_multimedia, status, created_by)
          select ${branch}, ${`MM-${date.replace(/-/g, '')}-${people.patient}`}, ${date}::date,
                 coalesce(max(queue_number), 0) + 1, ${people.patient}, ${people.doctor}, 'tindakan',
                 'Foto progres perawatan jerawat', true, ${status}, ${people.admin}
            from visit where profile_id = ${branch} and doctor_id = ${people.doctor} and visit_date = ${date}::date
          on conflict do nothing
          returning id`,
    );
  }
}

/**
 * Demo data of the multimedia module: the labels in every branch and, when the demo has visits (the visits seed
 * runs before this one) and an upload directory is given, drawn progress photos for one Jakarta patient on two visit
 * dates so the before/after comparison shows something. Without visits it adds labels only.
 */
export async function seedServiceMultimedia(
  tx: Db,
  branchIds: number[],
  opts: { uploadDir?: string } = {},
): Promise<{ labels: number; photos: number }> {
  let labels = 0;
  for (const profileId of branchIds) {
    const rows = await tx
      .insert(multimediaLabel)
      .values(DEMO_MULTIMEDIA_LABELS.map((name) => ({ profile_id: profileId, name })))
      .onConflictDoNothing()
      .returning({ id: multimediaLabel.id });
    labels += rows.length;
  }
  const jakarta = branchIds[0];
  const named = await tx
    .select({ id: multimediaLabel.id, name: multimediaLabel.name })
    .from(multimediaLabel)
    .where(eq(multimediaLabel.profile_id, jakarta ?? 0));
  const front = named.find((l) => l.name === 'Wajah Depan')?.id;
  const left = named.find((l) => l.name === 'Sisi Kiri')?.id;
  if (jakarta === undefined || front === undefined || left === undefined) return { labels, photos: 0 };
  await ensureQueueVisits(tx, jakarta);
  if (!opts.uploadDir) return { labels, photos: 0 };

  // The Jakarta patient with visits on the most distinct dates (at least two), and those visits, oldest first.
  const visits = await queryRows<{ id: number; customer_id: number; visit_date: string; created_by: number | null }>(
    tx,
    sql`with best as (
          select customer_id from visit where profile_id = ${jakarta} and status <> 'batal'
           group by customer_id having count(distinct visit_date) >= 2
           order by count(distinct visit_date) desc, customer_id limit 1)
        select distinct on (v.visit_date) v.id, v.customer_id, v.visit_date::text as visit_date, v.created_by
          from visit v join best b on b.customer_id = v.customer_id
         where v.profile_id = ${jakarta} and v.status <> 'batal'
         order by v.visit_date, v.id`,
  );
  if (visits.length < 2) return { labels, photos: 0 };
  const [first, last] = [visits[0], visits[visits.length - 1]];
  const [uploader] = await queryRows<{ id: number }>(
    tx,
    sql`select u.id from users u join role r on r.id = u.role
         where r.name = 'multimedia' and u.profile_id = ${jakarta} order by u.id limit 1`,
  );
  let photos = 0;
  const shots: [typeof first, number, number, string][] = [
    [first, front, 14, 'Sebelum perawatan'],
    [first, left, 10, 'Sebelum perawatan'],
    [last, front, 3, 'Kontrol setelah perawatan'],
    [last, left, 2, 'Kontrol setelah perawatan'],
  ];
  for (const [v, label, spots, note] of shots) {
    const variants = await photoVariants(
      { buffer: await drawnPhoto(spots, '#e8c2a0'), mime: 'image/jpeg', ext: 'jpg' },
      'photo',
    );
    const owner = { kind: 'visit' as const, id: v.id };
    const photo = await storeImage(opts.uploadDir, owner, variants.photo);
    const thumbnail = await storeImage(opts.uploadDir, owner, variants.thumbnail);
    await tx.insert(visitMultimedia).values({
      profile_id: jakarta,
      visit_id: v.id,
      customer_id: v.customer_id,
      label_id: label,
      photo,
      thumbnail,
      width: variants.width,
      height: variants.height,
      // 10:00 WIB on the visit's day.
      upload_at: `${v.visit_date}T03:00:00.000Z`,
      note,
      uploaded_by: uploader?.id ?? v.created_by,
    });
    photos++;
  }
  return { labels, photos };
}
