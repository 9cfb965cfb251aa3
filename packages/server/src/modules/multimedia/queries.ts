import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { queryRows, type Db } from '../../db/client.js';
import { chainCopySql } from '../../lib/chain-copies.js';
import { multimediaLabel, visitMultimedia } from '../../db/schema/index.js';
import { likeOf } from '../../db/like.js';
import type { MultimediaQueueDto, VisitMultimediaDto } from '@klinik/shared';

/** The only file of the module with SQL. Every list takes the branch scope it reads. */
export type LabelRow = typeof multimediaLabel.$inferSelect;
export type PhotoRow = typeof visitMultimedia.$inferSelect;

// ------------------------------------------------------------------------------------------------ labels

/**
 * The branch rows of a chain label (issue 30 item 2, Backoffice 'Label Foto'): the head office's name and status
 * written into every branch's copy, a branch's own label of the same name adopted, a branch without one given one.
 */
export async function copyChainLabel(
  db: Db,
  a: { chainId: number; key: string; values: Record<string, unknown>; branches: readonly number[] | null },
): Promise<void> {
  for (const s of chainCopySql({ table: 'multimedia_label', keyExpr: (t) => sql`lower(${t}.name)`, ...a }))
    await db.execute(s);
}

export async function listLabels(
  db: Db,
  f: { scope: BranchScope; keyword?: string; status?: number; limit: number; offset: number },
): Promise<{ rows: LabelRow[]; count: number }> {
  const w: SQL[] = [scopeSql(multimediaLabel.profile_id, f.scope)];
  if (f.keyword) w.push(sql`lower(${multimediaLabel.name}) like ${likeOf(f.keyword)}`);
  if (f.status === 0 || f.status === 1) w.push(eq(multimediaLabel.status, f.status));
  const where = and(...w);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(multimediaLabel)
      .where(where)
      .orderBy(asc(multimediaLabel.name), asc(multimediaLabel.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(multimediaLabel).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findLabel(db: Db, id: number): Promise<LabelRow | undefined> {
  const [row] = await db.select().from(multimediaLabel).where(eq(multimediaLabel.id, id));
  return row;
}

/** A label of this branch with the same name (case-insensitive), other than `exceptId`. */
export async function labelNameTaken(db: Db, profileId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: multimediaLabel.id })
    .from(multimediaLabel)
    .where(
      and(
        eq(multimediaLabel.profile_id, profileId),
        sql`lower(${multimediaLabel.name}) = ${name.toLowerCase()}`,
        exceptId ? sql`${multimediaLabel.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows.length > 0;
}

export async function insertLabel(db: Db, values: typeof multimediaLabel.$inferInsert): Promise<LabelRow> {
  const [row] = await db.insert(multimediaLabel).values(values).returning();
  return row;
}

export async function updateLabel(
  db: Db,
  id: number,
  values: Partial<typeof multimediaLabel.$inferInsert>,
): Promise<LabelRow | undefined> {
  const [row] = await db
    .update(multimediaLabel)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(multimediaLabel.id, id))
    .returning();
  return row;
}

// ------------------------------------------------------------------------------------------------ photos

/**
 * A photo with what the lists show of its visit, patient, label and the people who took or hid it: the columns the
 * API's VisitMultimediaDto shows as they are, the rest flat and by id (the service builds the DTO).
 */
export interface PhotoView extends Pick<
  VisitMultimediaDto,
  'id' | 'profile_id' | 'width' | 'height' | 'upload_at' | 'note' | 'status' | 'uploaded_by' | 'deleted_at'
> {
  visit_id: number;
  visit_code: string;
  visit_date: string;
  customer_id: number;
  customer_name: string;
  customer_username: string;
  label_id: number | null;
  label_name: string | null;
  photo: string;
  thumbnail: string;
  uploaded_by_name: string | null;
  deleted_by_name: string | null;
}

const PHOTO_SELECT = sql`
  select vm.id, vm.profile_id, vm.visit_id, v.code as visit_code, v.visit_date::text as visit_date,
         vm.customer_id, cu.name as customer_name, cu.username as customer_username,
         vm.label_id, l.name as label_name, vm.photo, vm.thumbnail, vm.width, vm.height,
         vm.upload_at, vm.note, vm.status, vm.uploaded_by, ub.name as uploaded_by_name,
         vm.deleted_at, db.name as deleted_by_name
    from visit_multimedia vm
    join visit v on v.id = vm.visit_id
    join users cu on cu.id = vm.customer_id
    join profile p on p.id = vm.profile_id
    left join multimedia_label l on l.id = vm.label_id
    left join users ub on ub.id = vm.uploaded_by
    left join users db on db.id = vm.deleted_by`;

export async function listPhotos(
  db: Db,
  f: {
    scope: BranchScope;
    visit?: number;
    customer?: number;
    label?: number;
    fromdate?: string;
    todate?: string;
    withDeleted: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: PhotoView[]; count: number }> {
  const w: SQL[] = [scopeSql(sql`vm.profile_id`, f.scope)];
  if (!f.withDeleted) w.push(sql`vm.status = 1`);
  if (f.visit) w.push(sql`vm.visit_id = ${f.visit}`);
  if (f.customer) w.push(sql`vm.customer_id = ${f.customer}`);
  if (f.label) w.push(sql`vm.label_id = ${f.label}`);
  // Dates of the branch's calendar (its time zone), not UTC's.
  const day = sql`(vm.upload_at at time zone p.timezone)::date`;
  if (f.fromdate) w.push(sql`${day} >= ${f.fromdate}::date`);
  if (f.todate) w.push(sql`${day} <= ${f.todate}::date`);
  const where = sql.join(w, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<PhotoView>(
      db,
      sql`${PHOTO_SELECT} where ${where} order by vm.upload_at desc, vm.id desc limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from visit_multimedia vm join profile p on p.id = vm.profile_id where ${where}`,
    ),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findPhoto(db: Db, id: number): Promise<PhotoView | undefined> {
  const [row] = await queryRows<PhotoView>(db, sql`${PHOTO_SELECT} where vm.id = ${id}`);
  return row;
}

/** The shown photos of some visits (the queue's), oldest first. */
export async function photosOfVisits(db: Db, visitIds: number[]): Promise<PhotoView[]> {
  if (!visitIds.length) return [];
  return queryRows<PhotoView>(
    db,
    sql`${PHOTO_SELECT} where vm.status = 1 and vm.visit_id in (${sql.join(
      visitIds.map((v) => sql`${v}`),
      sql`, `,
    )}) order by vm.upload_at, vm.id`,
  );
}

export async function insertPhoto(db: Db, values: typeof visitMultimedia.$inferInsert): Promise<PhotoRow> {
  const [row] = await db.insert(visitMultimedia).values(values).returning();
  return row;
}

/** Hides a shown photo; answers the row, or undefined when it was already hidden (a second click changes nothing). */
export async function hidePhoto(db: Db, id: number, by: number, at: string): Promise<PhotoRow | undefined> {
  const [row] = await db
    .update(visitMultimedia)
    .set({ status: 0, deleted_at: at, deleted_by: by, updated_at: sql`now()` })
    .where(and(eq(visitMultimedia.id, id), eq(visitMultimedia.status, 1)))
    .returning();
  return row;
}

// ------------------------------------------------------------------------------------------------ visits (read only)

/** What a photo needs of its visit. The visits module writes the table; this module only reads it. */
export interface VisitRef {
  id: number;
  profile_id: number;
  customer_id: number;
  status: string;
}

export async function findVisit(db: Db, id: number): Promise<VisitRef | undefined> {
  const [row] = await queryRows<VisitRef>(
    db,
    sql`select id, profile_id, customer_id, status from visit where id = ${id}`,
  );
  return row;
}

/** A visit of the multimedia queue as read: the API's MultimediaQueueDto's own columns, the people flat and by id. */
export interface QueueVisitRow extends Pick<
  MultimediaQueueDto,
  'id' | 'code' | 'visit_date' | 'queue_number' | 'kind' | 'status'
> {
  customer_id: number;
  customer_name: string;
  customer_username: string;
  doctor_id: number;
  doctor_name: string;
}

/** 'Antrian Multimedia': the day's visits of the branch that need photos and are not cancelled. */
export async function queueVisits(db: Db, scope: BranchScope, date: string): Promise<QueueVisitRow[]> {
  return queryRows<QueueVisitRow>(
    db,
    sql`select v.id, v.code, v.visit_date::text as visit_date, v.queue_number, v.kind, v.status,
               v.customer_id, cu.name as customer_name, cu.username as customer_username,
               v.doctor_id, coalesce(d.medisname, d.name) as doctor_name
          from visit v
          join users cu on cu.id = v.customer_id
          join users d on d.id = v.doctor_id
         where ${scopeSql(sql`v.profile_id`, scope)} and v.visit_date = ${date}::date
           and v.needs_multimedia and v.status <> 'batal'
         order by v.queue_number, v.id`,
  );
}
