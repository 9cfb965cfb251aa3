import {
  allows,
  RM_ACCESS,
  RM_CORRECTION_RESOURCE,
  RM_KINDS,
  rmWrite,
  type Paged,
  type RmAccessLogDto,
  type RmCorrectionDto,
  type correctionsQuery,
  type RmEntryDto,
  type RmKind,
  type RmVersionAction,
  type RmVersionDto,
  type RmVisitRecordDto,
  type RmVisitRecordFullDto,
  type z,
  type patientRecordQuery,
  type recordAccessQuery,
} from '@klinik/shared';
import { branchScope, inScope, requireAccess } from '../../http/access-scope.js';
import { requireUser, type Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { RM_ENTRY_ENTITY, RM_PATIENT, RM_VISIT } from './entities.js';
import { mayWrite, readableKinds, readsPhotos } from './access.js';
import { assemble, entryDto, person, versionDto } from './dto.js';

import * as q from './queries.js';

/**
 * The electronic medical record (issue 12). A visit's record is created (draft) by its first entry; every entry is
 * written as version 1 and changed only by adding versions (a correction with a reason, or a void with a reason);
 * the database refuses anything else (drizzle/0023_medical_records_rules.sql). Finishing the record moves the visit
 * to 'selesai' (ready for the cashier) in the same transaction; after that, every change needs the correction right
 * (RM_PERBAIKAN manage) and a reason. Reads are allowed per kind (RM_* read) or to the treating doctor, and each read
 * of a patient's record is written to the audit log (entity 'rekam_medis', keyed by the patient).
 */
// ---------------------------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------------------------

/** GET /api/rekammedis/visit/{visit}: every entry with its current version, the patient's allergies, the rights. */
export async function visitRecord(ctx: Ctx, visitId: number): Promise<RmVisitRecordFullDto> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_VISIT, [visitId], 'read');
  const h = await q.visitHead(c.db, visitId);
  if (!h) throw notFound(RM_VISIT.notFound);
  const treating = h.doctor_id === c.user.id;
  const kinds = readableKinds(c, treating);
  const patient = await q.patientHead(c.db, h.customer_id);
  const customer = patient
    ? {
        id: patient.id,
        name: patient.name,
        username: patient.username,
        birth_date: patient.birth_date,
        gender: patient.gender,
      }
    : { id: h.customer_id, name: '', username: '', birth_date: null, gender: null };
  const [dto] = await assemble(
    c,
    [h],
    customer,
    () => kinds,
    () => readsPhotos(c, treating),
  );
  let allergies: RmEntryDto[] = [];
  if (kinds.includes('alergi')) {
    const rows = await q.patientAllergies(c.db, branchScope(c, { isallbranch: 1 }), h.customer_id);
    allergies = rows.map((r) => entryDto(r, { diagnoses: [], procedures: [] }));
  }
  // Read across branches, written only in the session's own (the write scope).
  const sameBranch = inScope(branchScope(c, {}, 'write'), h.profile_id);
  return {
    ...dto,
    allergies,
    can: {
      write: sameBranch ? RM_KINDS.filter((k) => mayWrite(c, k)) : [],
      correct: sameBranch && allows(c.user, rmWrite(RM_CORRECTION_RESOURCE)),
      finish: sameBranch && allows(c.user, RM_ACCESS.finish),
    },
  };
}

/** GET /api/rekammedis/patient/{customer}: the patient's visits newest first, one page, each with its entries. */
export async function patientRecord(
  ctx: Ctx,
  customerId: number,
  input: z.output<typeof patientRecordQuery>,
): Promise<Paged<RmVisitRecordDto>> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_PATIENT, [customerId], 'read');
  const patient = await q.patientHead(c.db, customerId);
  if (!patient || patient.role !== 1) throw notFound(RM_PATIENT.notFound);
  const scope = branchScope(c, { isallbranch: input.isallbranch });
  const kinds = readableKinds(c, false);
  // Without RM read, a doctor still reads the visits they treated, and only those (access.ts authorizePatientRead).
  const onlyDoctor = kinds.length ? undefined : c.user.id;
  const { rows, count } = await q.patientVisits(c.db, {
    scope,
    customer: customerId,
    doctor: onlyDoctor,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  const customer = {
    id: patient.id,
    name: patient.name,
    username: patient.username,
    birth_date: patient.birth_date,
    gender: patient.gender,
  };
  const data = await assemble(
    c,
    rows,
    customer,
    (h) => readableKinds(c, h.doctor_id === c.user.id),
    (h) => readsPhotos(c, h.doctor_id === c.user.id),
  );
  return { data, count };
}

/** GET /api/rekammedis/{kind}/{id}/history: every version, oldest first. */
export async function history(
  ctx: Ctx,
  kind: RmKind,
  entryId: number,
): Promise<RmEntryDto & { versions: RmVersionDto[] }> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_ENTRY_ENTITY[kind], [entryId], 'read');
  const entry = await q.findEntry(c.db, entryId);
  if (!entry || entry.kind !== kind) throw notFound(RM_ENTRY_ENTITY[kind].notFound);
  const h = await q.visitHead(c.db, entry.visit_id);
  if (!h) throw notFound(RM_ENTRY_ENTITY[kind].notFound);
  const rows = await q.entryVersions(c.db, entryId);
  const codes =
    kind === 'soap'
      ? await q.codesOf(
          c.db,
          rows.map((r) => r.version_id),
        )
      : { diagnoses: [], procedures: [] };
  const current = rows.find((r) => r.version === r.head_version) ?? rows[rows.length - 1];
  return { ...entryDto(current, codes), versions: rows.map((r) => versionDto(r, codes)) };
}

/** GET /api/rekammedis/patient/{customer}/access: who opened the patient's record, newest first (manager). */
export async function accessLog(
  ctx: Ctx,
  customerId: number,
  input: z.output<typeof recordAccessQuery>,
): Promise<Paged<RmAccessLogDto>> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_PATIENT, [customerId], 'read');
  const { rows, count } = await q.accessLog(c.db, customerId, input.limit, (input.page - 1) * input.limit);
  return {
    count,
    data: rows.map((r) => {
      const after = (r.after ?? {}) as { visit?: number | null; ip?: string | null; what?: string };
      return {
        id: Number(r.id),
        at: new Date(r.at as string).toISOString(),
        user: r.user_id ? { id: Number(r.user_id), name: (r.user_name as string | null) ?? '' } : null,
        action: after.what ?? String(r.action),
        visit_id: after.visit ?? null,
        ip: after.ip ?? null,
      };
    }),
  };
}

/**
 * GET /api/rekammedis/corrections: what other users changed in the signed-in doctor's finished records, with the
 * reason (issue 25: a correction of another doctor's record is visible to that doctor). The doctor reads their own
 * patients' records; each patient listed joins the read trail.
 */
export async function corrections(ctx: Ctx, input: z.output<typeof correctionsQuery>): Promise<Paged<RmCorrectionDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.correctionsFor(c.db, c.user.id, input.limit, (input.page - 1) * input.limit);
  return {
    count,
    data: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      by: person(r.by_id === null ? null : Number(r.by_id), r.by_name),
      action: r.action as RmVersionAction,
      kind: r.kind as RmKind,
      entry: Number(r.entry_id),
      version: Number(r.version),
      reason: r.reason,
      visit: { id: Number(r.visit_id), code: r.visit_code, visit_date: r.visit_date },
      customer: { id: Number(r.customer_id), name: r.customer_name },
    })),
  };
}
