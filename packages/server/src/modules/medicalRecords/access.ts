import {
  allows,
  canFeature,
  RM_CORRECTION_RESOURCE,
  RM_KIND_RESOURCE,
  RM_KINDS,
  rmWrite,
  type RmKind,
} from '@klinik/shared';
import { branchScope, requireAccess } from '../../http/access-scope.js';
import type { AuthedCtx } from '../../http/context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { RecordRead } from '../../lib/audit.js';
import { RM_ENTRY_ENTITY, RM_PATIENT, RM_VISIT } from './entities.js';
import { NEED_CORRECTION, NEED_REASON, NO_READ } from './rules.js';
import * as q from './queries.js';

/**
 * The medical record's access rules, in one place (issue 27 item 3). The endpoint declares the role gate and the
 * right (RM_ACCESS); what depends on the data is an `authorize` step declared on the endpoint (a kind read by
 * privilege or by the visit's treating doctor), and every read declares its read trail (`readAudit`, the helpers
 * below). The services use the same rules to shape what they answer (which kinds, photos, the `can` flags).
 */

/** Kinds the user reads by privilege; the treating doctor of a visit reads all of that visit. */
export function readableKinds(c: AuthedCtx, treating: boolean): RmKind[] {
  if (treating) return [...RM_KINDS];
  return RM_KINDS.filter((k) => canFeature(c.user, RM_KIND_RESOURCE[k], 'read'));
}
export const readsPhotos = (c: AuthedCtx, treating: boolean) =>
  treating || canFeature(c.user, 'RM_FOTOPROGRES', 'read');

/** Clinical entries are written by clinicians with the kind's manage right (rmWrite: a role gate and the right). */
export const mayWrite = (c: AuthedCtx, kind: RmKind) => allows(c.user, rmWrite(RM_KIND_RESOURCE[kind]));
export function requireManage(c: AuthedCtx, kind: RmKind) {
  if (!mayWrite(c, kind)) throw forbidden();
}

/** After finishing, a change is a correction: the right and a reason. */
export function requireCorrection(c: AuthedCtx, record: q.RecordRow, reason: string | null | undefined) {
  if (record.status !== 'finished') return;
  if (!allows(c.user, rmWrite(RM_CORRECTION_RESOURCE))) throw forbidden(NEED_CORRECTION);
  if (!reason || !reason.trim()) throw badRequest(NEED_REASON, 'reason');
}

// ------------------------------------------------------------------------------------------------ authorize steps

/** GET /visit/{id}: a visit of a branch the caller reads, and some kind of it readable (or the treating doctor). */
export async function authorizeVisitRead(c: AuthedCtx, visitId: number): Promise<void> {
  await requireAccess(c, RM_VISIT, [visitId], 'read');
  const h = await q.visitHead(c.db, visitId);
  if (!h) throw notFound(RM_VISIT.notFound);
  if (!readableKinds(c, h.doctor_id === c.user.id).length) throw forbidden(NO_READ);
}

/**
 * GET /patient/{id}: a patient of a branch the caller reads; without an RM read right only a doctor who treated the
 * patient (who then reads only the visits they treated).
 */
export async function authorizePatientRead(c: AuthedCtx, customerId: number, isallbranch?: number): Promise<void> {
  await requireAccess(c, RM_PATIENT, [customerId], 'read');
  const patient = await q.patientHead(c.db, customerId);
  if (!patient || patient.role !== 1) throw notFound(RM_PATIENT.notFound);
  if (readableKinds(c, false).length) return;
  const scope = branchScope(c, { isallbranch });
  if (c.user.rolename !== 'dokter' || !(await q.treatedPatient(c.db, scope, customerId, c.user.id)))
    throw forbidden(NO_READ);
}

/** GET /{kind}/{id}/history: the entry's kind is readable to the caller (or they treated the visit). */
export async function authorizeHistory(c: AuthedCtx, kind: RmKind, entryId: number): Promise<void> {
  await requireAccess(c, RM_ENTRY_ENTITY[kind], [entryId], 'read');
  const entry = await q.findEntry(c.db, entryId);
  if (!entry || entry.kind !== kind) throw notFound(RM_ENTRY_ENTITY[kind].notFound);
  const h = await q.visitHead(c.db, entry.visit_id);
  if (!h) throw notFound(RM_ENTRY_ENTITY[kind].notFound);
  if (!readableKinds(c, h.doctor_id === c.user.id).includes(kind)) throw forbidden(NO_READ);
}

// ------------------------------------------------------------------------------------------------ read trails

/** The read trail rows of these visits: each visit's patient and branch (for `readAudit.reads`). */
export async function visitReads(c: AuthedCtx, visitIds: readonly number[]): Promise<RecordRead[]> {
  const owners = await q.visitOwners(c.db, [...new Set(visitIds)]);
  return owners.map((o) => ({ customer: o.customer, visit: o.visit, branch: o.branch }));
}
