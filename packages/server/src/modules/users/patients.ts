import { branchScope, requireAccess } from '../../http/access-scope.js';
import { USER } from './entities.js';
import {
  DEFAULT_APPROVAL_RULES,
  isComparablePhone,
  normalizePersonName,
  PATIENT_DUPLICATE_LIMIT,
  patientMergeInput,
  type NewPatientInput,
  type PatientDuplicateDto,
  type PatientDuplicateQuery,
  type PatientDuplicateReason,
  type PatientMergeDto,
  type PatientMergeInput,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { logActivity, storeRequest, type ApprovalExecutor } from '../applog/index.js';
import { PATIENT_REFERENCES } from './patient-references.js';
import * as q from './queries.js';

// ---------------------------------------------------------------------------------------------------------------
// Issue 26 item 3: one patient, one record. Likely duplicates before saving, the NIK check of the save itself,
// and the merge of a duplicate into the patient that stays (docs/decisions.md, 'One patient, one record').
// ---------------------------------------------------------------------------------------------------------------

function reasonsOf(r: q.DuplicateRow): PatientDuplicateReason[] {
  const out: PatientDuplicateReason[] = [];
  if (r.nik) out.push('nik');
  if (r.name_birth_date) out.push('name_birth_date');
  if (r.name_phone) out.push('name_phone');
  return out;
}

/** GET /api/patients/duplicates: patients of the current branch that are likely the one being registered. */
export async function duplicates(ctx: Ctx, input: PatientDuplicateQuery): Promise<PatientDuplicateDto[]> {
  const c = requireUser(ctx);
  const nameNorm = input.name ? normalizePersonName(input.name) : '';
  const filter = {
    scope: branchScope(c),
    idcard: input.idcard || undefined,
    nameNorm: nameNorm || undefined,
    birth_date: input.birth_date || undefined,
    phone: isComparablePhone(input.phone) ? input.phone.trim() : undefined,
    exclude: input.exclude,
    limit: PATIENT_DUPLICATE_LIMIT,
  };
  if (!filter.idcard && !(filter.nameNorm && (filter.birth_date || filter.phone))) return [];
  const rows = await q.findDuplicates(c.db, filter);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    name: r.name,
    birth_date: r.birth_date,
    phone: r.phone,
    idcard: r.idcard,
    status: r.status,
    reasons: reasonsOf(r),
  }));
}

/**
 * The save itself refuses a NIK another patient of the branch already has (409 on `idcard`, naming that patient),
 * unless the request says `confirm_duplicate: true` (a baby registered on the mother's NIK, a NIK typed wrongly
 * on the old record): a REST client cannot make a second record of the same person without saying so.
 */
export async function assertNoNikDuplicate(tx: Ctx, input: NewPatientInput): Promise<void> {
  if (!input.idcard || input.confirm_duplicate) return;
  const [same] = await q.findDuplicates(tx.db, { scope: branchScope(tx), idcard: input.idcard, limit: 1 });
  if (!same) return;
  throw new AppError(409, [
    {
      message: `NIK sudah terdaftar atas nama ${same.name} (NO RM. ${same.username}). Pilih pasien tersebut, atau konfirmasi untuk tetap menyimpan pasien baru.`,
      field: 'idcard',
    },
  ]);
}

/** What a merge checks, when asked and again when approved: two patients of one branch, neither merged. */
function assertMergeable(
  survivor: q.UserRow | undefined,
  merged: q.UserRow | undefined,
): asserts survivor is q.UserRow {
  if (!survivor) throw notFound(USER.notFound);
  if (!merged) throw notFound(USER.notFound);
  if (survivor.role !== 1) throw badRequest('Hanya data pasien yang dapat digabungkan', 'survivor');
  if (merged.role !== 1) throw badRequest('Hanya data pasien yang dapat digabungkan', 'merged');
  if (survivor.profile_id !== merged.profile_id) {
    throw badRequest('Pasien dari cabang lain tidak dapat digabungkan', 'merged');
  }
  if (survivor.merged_into !== null) throw badRequest('Pasien ini sudah digabungkan ke pasien lain', 'survivor');
  if (merged.merged_into !== null) throw badRequest('Pasien ini sudah digabungkan ke pasien lain', 'merged');
}

/**
 * POST /api/patients/merge (top-level users): always stored as a request ('patient.merge', 202) that another
 * top-level user approves; the requester never approves it (the approval engine refuses its own requests).
 */
export async function requestMerge(ctx: Ctx, input: PatientMergeInput) {
  const c = requireUser(ctx);
  await requireAccess(c, USER, [input.survivor, input.merged], 'write');
  const [survivor, merged] = await Promise.all([q.findUser(c.db, input.survivor), q.findUser(c.db, input.merged)]);
  if (!survivor || !merged) throw notFound(USER.notFound);
  assertMergeable(survivor.user, merged.user);
  const s = survivor.user;
  const m = merged.user;
  return inTransaction(c, (tx) =>
    storeRequest({ ...tx, branchId: m.profile_id }, DEFAULT_APPROVAL_RULES['patient.merge'], {
      action: 'patient.merge',
      message: `Menggabungkan pasien ${m.name} (${m.username}) ke ${s.name} (${s.username})`,
      note: input.reason,
      entity: 'patient',
      entityId: m.id,
      payload: input,
      url: `/user/${s.id}`,
    }),
  );
}

/**
 * The approved merge, in the deciding transaction: the duplicate is marked merged into the survivor (kept,
 * inactive, its NO RM. still finds the survivor), every row of PATIENT_REFERENCES moves to the survivor, and a
 * patient_merge row plus audit rows keep the trace (which rows moved, who asked, who approved, why).
 */
export const executeMerge: ApprovalExecutor = async (tx, payload, request) => {
  const c = requireUser(tx);
  const input = patientMergeInput.parse(payload);
  const locked = await q.lockPatients(c.db, [input.survivor, input.merged]);
  const survivor = locked.find((r) => r.id === input.survivor);
  const merged = locked.find((r) => r.id === input.merged);
  assertMergeable(survivor, merged);
  const m = merged!;
  const now = c.now().toISOString();
  const after = await q.updateUser(c.db, m.id, { merged_into: survivor.id, merged_at: now, status: 0 });
  const moved: Record<string, number[]> = {};
  for (const ref of PATIENT_REFERENCES) {
    moved[ref.table] = await q.repointPatientColumn(c.db, ref.table, ref.column, m.id, survivor.id);
  }
  const trace = await q.insertMerge(c.db, {
    profile_id: m.profile_id,
    survivor_id: survivor.id,
    merged_id: m.id,
    reason: input.reason,
    requested_by: request.user_id,
    approved_by: c.user.id,
    applog_id: request.id,
    moved,
  });
  await audit(c, {
    action: 'merge',
    entity: 'patient',
    entityId: m.id,
    before: m,
    after: { ...after, patient_merge_id: trace.id, moved },
    profileId: m.profile_id,
  });
  await audit(c, {
    action: 'merge_into',
    entity: 'patient',
    entityId: survivor.id,
    after: { merged_id: m.id, merged_username: m.username, patient_merge_id: trace.id, moved },
    profileId: m.profile_id,
  });
  await logActivity(c, {
    message: `Pasien ${m.name} (${m.username}) digabungkan ke ${survivor.name} (${survivor.username})`,
    action: 'patient.merge',
    entity: 'users',
    entityId: survivor.id,
    url: `/user/${survivor.id}`,
  });
  return trace;
};

/** GET /api/patients/{id}/merges: the merges a patient took part in, as survivor or as the merged one. */
export async function merges(ctx: Ctx, id: number): Promise<PatientMergeDto[]> {
  const c = requireUser(ctx);
  await requireAccess(c, USER, [id], 'read');
  const rows = await q.listMerges(c.db, id);
  return rows.map((r) => ({
    id: r.id,
    survivor: { id: r.survivor_id, username: r.survivor_username, name: r.survivor_name },
    merged: { id: r.merged_id, username: r.merged_username, name: r.merged_name },
    reason: r.reason,
    requested_by: { id: r.requested_by, name: r.requested_name },
    approved_by: { id: r.approved_by, name: r.approved_name },
    applog_id: r.applog_id,
    moved: r.moved,
    created_at: r.created_at,
  }));
}
