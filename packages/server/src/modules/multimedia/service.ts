import {
  isTopLevel,
  PHOTO_FIELD,
  UPLOAD_AT_FUTURE_MESSAGE,
  visitMultimediaInput,
  visitPhotoUrl,
  type MultimediaLabelDto,
  type MultimediaLabelInput,
  type MultimediaLabelListQuery,
  type MultimediaQueueDto,
  type MultimediaQueueQuery,
  type Paged,
  type VisitMultimediaDto,
  type VisitMultimediaListQuery,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { AppError, badRequest, badRequestMany, conflict, notFound, zodIssues } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { branchScope, requireAccess, requireReference } from '../../http/access-scope.js';
import { photoVariants, removeUpload, storeImage, type CheckedImage } from '../../lib/uploads.js';
import { MULTIMEDIA_LABEL, PHOTO_VISIT, VISIT_PHOTO } from './entities.js';
import * as q from './queries.js';
import { keepChainOwned } from '../../lib/chain-copies.js';

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

// ------------------------------------------------------------------------------------------------ labels

function labelDto(r: q.LabelRow): MultimediaLabelDto {
  return {
    id: r.id,
    profile_id: r.profile_id,
    name: r.name,
    status: r.status,
    chain_id: r.chain_id,
    created_at: iso(r.created_at)!,
  };
}

const LABEL_TAKEN = 'Nama label sudah dipakai di cabang ini';

export async function listLabels(ctx: Ctx, query: MultimediaLabelListQuery): Promise<Paged<MultimediaLabelDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listLabels(c.db, {
    scope: branchScope(c, query),
    keyword: query.keyword,
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(labelDto), count };
}

export async function createLabel(ctx: Ctx, input: MultimediaLabelInput): Promise<MultimediaLabelDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    if (await q.labelNameTaken(tx.db, c.branchId, input.name)) throw badRequest(LABEL_TAKEN, 'name');
    const row = await q.insertLabel(tx.db, { profile_id: c.branchId, name: input.name, status: input.status });
    await audit(tx, { action: 'create', entity: 'multimedia_label', entityId: row.id, after: row });
    return labelDto(row);
  });
}

/** Rename or (de)activate: a label is never deleted, the photos that carry it keep it. */
export async function updateLabel(ctx: Ctx, id: number, input: MultimediaLabelInput): Promise<MultimediaLabelDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, MULTIMEDIA_LABEL, [id], 'write');
    const before = await q.findLabel(tx.db, id);
    if (!before) throw notFound(MULTIMEDIA_LABEL.notFound);
    // A label the head office keeps (issue 30 item 2): a branch sets nothing of it.
    keepChainOwned(before, { name: input.name, status: input.status }, []);
    if (await q.labelNameTaken(tx.db, before.profile_id, input.name, id)) throw badRequest(LABEL_TAKEN, 'name');
    const row = await q.updateLabel(tx.db, id, { name: input.name, status: input.status });
    await audit(tx, { action: 'update', entity: 'multimedia_label', entityId: id, before, after: row });
    return labelDto(row!);
  });
}

// ------------------------------------------------------------------------------------------------ photos

/**
 * Who sees hidden (deleted) photos: the auditors, i.e. top-level users (owner, developer), who read the audit
 * trail. Everyone else sees only the shown ones.
 */
export function isAuditor(c: AuthedCtx): boolean {
  return isTopLevel(c.user);
}

function photoDto(r: q.PhotoView): VisitMultimediaDto {
  return {
    id: r.id,
    profile_id: r.profile_id,
    visit: r.visit_id,
    visitdata: { id: r.visit_id, code: r.visit_code, visit_date: r.visit_date },
    customer: r.customer_id,
    customerdata: { id: r.customer_id, name: r.customer_name, username: r.customer_username },
    label: r.label_id,
    labelname: r.label_name,
    photourl: visitPhotoUrl(r.id, 'photo'),
    thumbnailurl: visitPhotoUrl(r.id, 'thumbnail'),
    width: r.width,
    height: r.height,
    upload_at: iso(r.upload_at)!,
    note: r.note,
    status: Number(r.status),
    uploaded_by: r.uploaded_by,
    uploadedbyname: r.uploaded_by_name,
    deleted_at: iso(r.deleted_at),
    deletedbyname: r.deleted_by_name,
  };
}

export async function listPhotos(ctx: Ctx, query: VisitMultimediaListQuery): Promise<Paged<VisitMultimediaDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listPhotos(c.db, {
    scope: branchScope(c, query),
    visit: query.visit,
    customer: query.customer,
    label: query.label,
    fromdate: query.fromdate ?? undefined,
    todate: query.todate ?? undefined,
    withDeleted: query.withdeleted === 1 && isAuditor(c),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(photoDto), count };
}

export async function queue(ctx: Ctx, query: MultimediaQueueQuery): Promise<MultimediaQueueDto[]> {
  const c = requireUser(ctx);
  const date = query.date ?? (await c.today());
  const visits = await q.queueVisits(c.db, branchScope(c), date);
  const photos = await q.photosOfVisits(
    c.db,
    visits.map((v) => v.id),
  );
  return visits.map((v) => ({
    id: v.id,
    code: v.code,
    visit_date: v.visit_date,
    queue_number: v.queue_number,
    kind: v.kind,
    status: v.status,
    customer: v.customer_id,
    customerdata: { id: v.customer_id, name: v.customer_name, username: v.customer_username },
    doctor: v.doctor_id,
    doctorname: v.doctor_name,
    photos: photos.filter((p) => p.visit_id === v.id).map(photoDto),
  }));
}

/**
 * POST /api/service/visitmultimedia: the text fields are checked first (all their messages at once), then the
 * visit and the label (rows of this branch), then the file; only then are the files written and the row inserted,
 * in one transaction with its audit row. A failure after the files were written removes them.
 */
export async function upload(
  ctx: Ctx,
  form: { image: CheckedImage | null; fields: Record<string, string>; fileError: AppError | null },
): Promise<VisitMultimediaDto> {
  const c = requireUser(ctx);
  const parsed = visitMultimediaInput.safeParse(form.fields);
  const issues = parsed.success ? [] : zodIssues(parsed.error);
  if (form.fileError && form.fileError.status === 400) issues.push(...form.fileError.issues);
  if (issues.length) throw badRequestMany(issues);
  if (form.fileError) throw form.fileError;
  const input = parsed.data!;
  const now = c.now();
  if (input.upload_at && Date.parse(input.upload_at) > now.getTime() + 5 * 60_000)
    throw badRequest(UPLOAD_AT_FUTURE_MESSAGE, 'upload_at');
  await requireReference(c, PHOTO_VISIT, [input.visit], 'visit');
  await requireReference(c, MULTIMEDIA_LABEL, [input.label], 'label');
  const visit = await q.findVisit(c.db, input.visit);
  if (!visit) throw badRequest(PHOTO_VISIT.notFound!, 'visit');
  if (visit.status === 'batal') throw badRequest('Kunjungan sudah dibatalkan', 'visit');
  const label = await q.findLabel(c.db, input.label);
  if (!label || label.status !== 1) throw badRequest('Label tidak aktif', 'label');
  return storePhoto(c, { visit, labelId: label.id, image: form.image!, uploadAt: input.upload_at, note: input.note });
}

/** Stores a checked image as a photo of a visit of this branch (the upload endpoint and the demo seed). */
export async function storePhoto(
  ctx: Ctx,
  p: { visit: q.VisitRef; labelId: number; image: CheckedImage; uploadAt?: string; note?: string },
): Promise<VisitMultimediaDto> {
  const c = requireUser(ctx);
  const variants = await photoVariants(p.image, PHOTO_FIELD);
  const owner = { kind: 'visit' as const, id: p.visit.id };
  const dir = c.config.uploadDir;
  const photo = await storeImage(dir, owner, variants.photo);
  let thumbnail: string | null = null;
  try {
    thumbnail = await storeImage(dir, owner, variants.thumbnail);
    const row = await inTransaction(c, async (tx) => {
      const inserted = await q.insertPhoto(tx.db, {
        profile_id: p.visit.profile_id,
        visit_id: p.visit.id,
        customer_id: p.visit.customer_id,
        label_id: p.labelId,
        photo,
        thumbnail: thumbnail!,
        width: variants.width,
        height: variants.height,
        upload_at: p.uploadAt ? new Date(p.uploadAt).toISOString() : c.now().toISOString(),
        note: p.note ?? null,
        uploaded_by: c.user.id,
      });
      await audit(tx, {
        action: 'upload_photo',
        entity: 'patient',
        entityId: p.visit.customer_id,
        after: { visit_multimedia: inserted.id, visit: p.visit.id, label: p.labelId, photo },
        profileId: p.visit.profile_id,
      });
      return inserted;
    });
    const view = await q.findPhoto(c.db, row.id);
    return photoDto(view!);
  } catch (err) {
    await removeUpload(dir, photo, owner);
    await removeUpload(dir, thumbnail, owner);
    throw err;
  }
}

/** DELETE: hides the photo (status 0, deleted_at/by); the row and its files stay for the auditor. */
export async function hidePhoto(ctx: Ctx, id: number): Promise<VisitMultimediaDto> {
  const c = requireUser(ctx);
  await inTransaction(c, async (tx) => {
    await requireAccess(tx, VISIT_PHOTO, [id], 'write');
    const before = await q.findPhoto(tx.db, id);
    if (!before) throw notFound(VISIT_PHOTO.notFound);
    const row = await q.hidePhoto(tx.db, id, c.user.id, c.now().toISOString());
    if (!row) throw conflict('Foto sudah dihapus');
    await audit(tx, {
      action: 'delete_photo',
      entity: 'patient',
      entityId: before.customer_id,
      before: { visit_multimedia: id, status: 1 },
      after: { visit_multimedia: id, status: 0, deleted_at: row.deleted_at },
      profileId: before.profile_id,
    });
  });
  return photoDto((await q.findPhoto(c.db, id))!);
}

/**
 * The file of a photo for GET /api/files/visitmultimedia/{id}/{photo|thumbnail}: only a row the caller may read
 * (the visit's branch; top-level users every branch), a hidden one only for the auditor. Viewing the full photo
 * joins the patient's read trail; thumbnails are covered by the list that showed them.
 */
export async function photoFile(
  ctx: Ctx,
  id: number,
  variant: 'photo' | 'thumbnail',
): Promise<{ rel: string; visitId: number; customer: number }> {
  const c = requireUser(ctx);
  await requireAccess(c, VISIT_PHOTO, [id], 'read');
  const row = await q.findPhoto(c.db, id);
  if (!row || (row.status !== 1 && !isAuditor(c))) throw notFound(VISIT_PHOTO.notFound);
  // The full photo's read trail is declared on its endpoint (the patient it shows).
  return { rel: variant === 'photo' ? row.photo : row.thumbnail, visitId: row.visit_id, customer: row.customer_id };
}
