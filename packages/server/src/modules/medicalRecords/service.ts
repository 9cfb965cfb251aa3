import {
  allows,
  canFeature,
  fromSen,
  RM_ACCESS,
  RM_CORRECTION_RESOURCE,
  RM_KIND_RESOURCE,
  RM_KINDS,
  rmWrite,
  type Paged,
  type PrescriptionStatus,
  type RmAccessLogDto,
  type RmCorrectionDto,
  type correctionsQuery,
  type RmEntryDto,
  type RmKind,
  type RmPrescriptionDto,
  type RmRecordStatus,
  type RmVersionAction,
  type RmVersionDto,
  type RmVisitRecordDto,
  type RmVisitRecordFullDto,
  type z,
  type alergiCorrectionInput,
  type alergiInput,
  type bhpCorrectionInput,
  type bhpInput,
  type labCorrectionInput,
  type labInput,
  type patientRecordQuery,
  type produkCorrectionInput,
  type produkInput,
  type recordAccessQuery,
  type resepCorrectionInput,
  type resepInput,
  type soapCorrectionInput,
  type soapInput,
  type treatmentCorrectionInput,
  type treatmentInput,
  type voidInput,
} from '@klinik/shared';
import { branchScope, inScope, requireAccess } from '../../http/access-scope.js';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import {
  AppError,
  badRequest,
  badRequestMany,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  pgErrorOf,
} from '../../http/errors.js';
import { audit, auditRecordReads } from '../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../lib/numbering.js';
import { completeVisitForRecord } from '../visits/index.js';
import { allergyOverrides } from './allergy.js';
import { RM_ENTRY_ENTITY, RM_PATIENT, RM_VISIT } from './entities.js';
import * as q from './queries.js';

/**
 * The electronic medical record (issue 12). A visit's record is created (draft) by its first entry; every entry is
 * written as version 1 and changed only by adding versions (a correction with a reason, or a void with a reason);
 * the database refuses anything else (drizzle/0023_medical_records_rules.sql). Finishing the record moves the visit
 * to 'selesai' (ready for the cashier) in the same transaction; after that, every change needs the correction right
 * (RM_PERBAIKAN manage) and a reason. Reads are allowed per kind (RM_* read) or to the treating doctor, and each read
 * of a patient's record is written to the audit log (entity 'rekam_medis', keyed by the patient).
 */

const NO_READ = 'Anda tidak memiliki hak membaca rekam medis ini';
const NEED_CORRECTION = 'Rekam medis sudah selesai: perubahan memerlukan hak perbaikan rekam medis';
const NEED_REASON = 'Rekam medis sudah selesai: alasan perbaikan wajib diisi';
const VISIT_CANCELLED = 'Kunjungan sudah dibatalkan';
const STALE = 'Entri sudah diubah oleh pengguna lain; muat ulang lalu ulangi perbaikan';
const VOIDED = 'Entri sudah dibatalkan';

// ---------------------------------------------------------------------------------------------------------------
// Rights
// ---------------------------------------------------------------------------------------------------------------

/** Kinds the user reads by privilege; the treating doctor of a visit reads all of that visit. */
function readableKinds(c: AuthedCtx, treating: boolean): RmKind[] {
  if (treating) return [...RM_KINDS];
  return RM_KINDS.filter((k) => canFeature(c.user, RM_KIND_RESOURCE[k], 'read'));
}
const readsPhotos = (c: AuthedCtx, treating: boolean) => treating || canFeature(c.user, 'RM_FOTOPROGRES', 'read');

/** Clinical entries are written by clinicians with the kind's manage right (rmWrite: a role gate and the right). */
const mayWrite = (c: AuthedCtx, kind: RmKind) => allows(c.user, rmWrite(RM_KIND_RESOURCE[kind]));
function requireManage(c: AuthedCtx, kind: RmKind) {
  if (!mayWrite(c, kind)) throw forbidden();
}

/** After finishing, a change is a correction: the right and a reason. */
function requireCorrection(c: AuthedCtx, record: q.RecordRow, reason: string | null | undefined) {
  if (record.status !== 'finished') return;
  if (!allows(c.user, rmWrite(RM_CORRECTION_RESOURCE))) throw forbidden(NEED_CORRECTION);
  if (!reason || !reason.trim()) throw badRequest(NEED_REASON, 'reason');
}

/** Who read which patient's record, which visit, from where: the one read trail of clinical data (lib/audit.ts). */
async function logRead(
  c: AuthedCtx,
  customer: number,
  branch: number,
  detail: { what: 'visit' | 'patient' | 'history'; visit?: number | null; entry?: number; page?: number },
) {
  const { visit, ...rest } = detail;
  await auditRecordReads(c, 'read', [{ customer, visit: visit ?? null, branch }], rest);
}

function pgConflict(err: unknown): AppError | null {
  if (pgErrorOf(err)?.code === '40001' || isUniqueViolation(err, 'rm_entry_version_entry_version_idx'))
    return conflict(STALE, 'version');
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// DTOs
// ---------------------------------------------------------------------------------------------------------------

const person = (id: number | null, name: string | null) => (id ? { id, name: name ?? '' } : null);
const money = (sen: number | null) => (sen === null ? null : Number(fromSen(sen)));

function versionDto(r: q.VersionRow, codes: { diagnoses: q.CodeRow[]; procedures: q.CodeRow[] }): RmVersionDto {
  const base: RmVersionDto = {
    id: r.version_id,
    version: r.version,
    action: r.action as RmVersionAction,
    reason: r.reason,
    created_at: r.created_at,
    created_by: person(r.created_by, r.created_by_name),
  };
  switch (r.kind) {
    case 'soap':
      return {
        ...base,
        subjective: r.subjective,
        objective: r.objective,
        assessment: r.assessment,
        plan: r.plan,
        vitals: {
          sistole: r.sistole,
          diastole: r.diastole,
          nadi: r.nadi,
          respirasi: r.respirasi,
          suhu: r.suhu,
          spo2: r.spo2,
          berat: r.berat,
          tinggi: r.tinggi,
          bmi: r.bmi,
        },
        diagnoses: codes.diagnoses
          .filter((d) => d.version_id === r.version_id)
          .map((d) => ({ code: d.code, name_id: d.name_id, name_en: d.name_en, primary: d.primary })),
        procedures: codes.procedures
          .filter((d) => d.version_id === r.version_id)
          .map((d) => ({ code: d.code, name_id: d.name_id, name_en: d.name_en })),
      };
    case 'treatment':
      return {
        ...base,
        perawatan: r.perawatan_id
          ? { id: r.perawatan_id, code: r.perawatan_code ?? '', name: r.perawatan_name ?? '' }
          : null,
        qty: r.qty,
        doctor: person(r.doctor_id, r.doctor_name),
        assistant: person(r.assistant_id, r.assistant_name),
        icd9cm: r.icd9cm ? { code: r.icd9cm, name_id: r.icd9cm_name_id ?? '', name_en: r.icd9cm_name_en ?? '' } : null,
        price: money(r.price),
        doctor_share: money(r.doctor_share),
      };
    case 'alergi':
      return { ...base, allergen: r.allergen, note: r.note };
    case 'lab':
      return {
        ...base,
        form_lab: r.form_lab_id
          ? { id: r.form_lab_id, code: r.form_lab_code ?? '', name: r.form_lab_name ?? '' }
          : null,
        qty: r.qty,
        price: money(r.price),
        note: r.note,
      };
    default:
      return {
        ...base,
        item: r.item_id
          ? { id: r.item_id, code: r.item_code ?? '', name: r.item_name ?? '', unit: r.item_unit ?? '' }
          : null,
        qty: r.qty,
        price: money(r.price),
        ...(r.kind === 'resep' ? { signa: r.signa, allergy_override: r.allergy_override } : {}),
      };
  }
}

function entryDto(r: q.VersionRow, codes: { diagnoses: q.CodeRow[]; procedures: q.CodeRow[] }): RmEntryDto {
  return {
    id: r.entry_id,
    kind: r.kind,
    visit_id: r.visit_id,
    prescription_id: r.prescription_id,
    created_at: r.entry_created_at,
    created_by: person(r.entry_created_by, r.entry_created_by_name),
    version: r.head_version,
    voided: r.voided,
    current: versionDto(r, codes),
  };
}

/** The records of these visits, assembled from a fixed number of batched queries (no query per visit). */
async function assemble(
  c: AuthedCtx,
  heads: q.VisitHead[],
  customer: { id: number; name: string; username: string; birth_date: string | null; gender: number | null },
  kindsOf: (h: q.VisitHead) => RmKind[],
  photosOf: (h: q.VisitHead) => boolean,
): Promise<RmVisitRecordDto[]> {
  const ids = heads.map((h) => h.id);
  const allKinds = [...new Set(heads.flatMap(kindsOf))];
  const photoIds = heads.filter(photosOf).map((h) => h.id);
  const [rows, prescriptions, photos] = await Promise.all([
    q.currentEntries(c.db, ids, allKinds),
    allKinds.includes('resep') ? q.prescriptionsOf(c.db, ids) : Promise.resolve([]),
    q.photosOf(c.db, photoIds),
  ]);
  const codes = await q.codesOf(
    c.db,
    rows.filter((r) => r.kind === 'soap').map((r) => r.version_id),
  );
  return heads.map((h) => {
    const kinds = kindsOf(h);
    const mine = rows.filter((r) => r.visit_id === h.id && kinds.includes(r.kind));
    const of = (k: RmKind) => mine.filter((r) => r.kind === k).map((r) => entryDto(r, codes));
    const resepItems = of('resep');
    const resep: RmPrescriptionDto[] = kinds.includes('resep')
      ? prescriptions
          .filter((p) => p.visit_id === h.id)
          .map((p) => ({
            id: p.id,
            code: p.code,
            note: p.note,
            pharmacy_status: p.pharmacy_status as PrescriptionStatus,
            created_at: new Date(p.created_at).toISOString(),
            items: resepItems.filter((i) => i.prescription_id === p.id),
          }))
      : [];
    return {
      visit: {
        id: h.id,
        code: h.code,
        visit_date: h.visit_date,
        kind: h.kind,
        status: h.status,
        pay_status: h.pay_status,
        complaint: kinds.includes('soap') ? h.complaint : null,
        doctor: { id: h.doctor_id, name: h.doctor_name },
        nurse: person(h.nurse_id, h.nurse_name),
      },
      customer,
      record: h.record_id
        ? {
            id: h.record_id,
            status: (h.record_status ?? 'draft') as RmRecordStatus,
            finished_at: h.finished_at,
            finished_by: person(h.finished_by, h.finished_by_name),
          }
        : null,
      readable: kinds,
      soap: of('soap'),
      treatment: of('treatment'),
      produk: of('produk'),
      bhp: of('bhp'),
      resep,
      alergi: of('alergi'),
      lab: of('lab'),
      photos: photos
        .filter((p) => p.visit_id === h.id)
        .map((p) => ({ id: p.id, thumbnail: p.thumbnail, photo: p.photo, label: p.label, upload_at: p.upload_at })),
    };
  });
}

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
  if (!kinds.length) throw forbidden(NO_READ);
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
  await logRead(c, h.customer_id, h.profile_id, { what: 'visit', visit: h.id });
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
  // Without RM read, a doctor still reads the visits they treated (and only those).
  let onlyDoctor: number | undefined;
  if (!kinds.length) {
    if (c.user.rolename !== 'dokter' || !(await q.treatedPatient(c.db, scope, customerId, c.user.id)))
      throw forbidden(NO_READ);
    onlyDoctor = c.user.id;
  }
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
  await logRead(c, customerId, c.branchId, { what: 'patient', page: input.page });
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
  if (!readableKinds(c, h.doctor_id === c.user.id).includes(kind)) throw forbidden(NO_READ);
  const rows = await q.entryVersions(c.db, entryId);
  const codes =
    kind === 'soap'
      ? await q.codesOf(
          c.db,
          rows.map((r) => r.version_id),
        )
      : { diagnoses: [], procedures: [] };
  const current = rows.find((r) => r.version === r.head_version) ?? rows[rows.length - 1];
  await logRead(c, entry.customer_id, entry.profile_id, { what: 'history', visit: entry.visit_id, entry: entryId });
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
  await auditRecordReads(
    c,
    'read',
    rows.map((r) => ({ customer: Number(r.customer_id), visit: Number(r.visit_id), branch: Number(r.profile_id) })),
    { what: 'perbaikan', page: input.page },
  );
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

// ---------------------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------------------

type VersionContent = Omit<q.VersionInsert, 'profile_id' | 'entry_id' | 'kind' | 'version' | 'action' | 'reason'>;
const decimal = (n: number | undefined) => (n === undefined ? null : String(n));

function soapContent(input: z.output<typeof soapInput>): VersionContent {
  const v = input.vitals;
  return {
    subjective: input.subjective || null,
    objective: input.objective || null,
    assessment: input.assessment || null,
    plan: input.plan || null,
    sistole: v.sistole ?? null,
    diastole: v.diastole ?? null,
    nadi: v.nadi ?? null,
    respirasi: v.respirasi ?? null,
    suhu: decimal(v.suhu),
    spo2: v.spo2 ?? null,
    berat: decimal(v.berat),
    tinggi: decimal(v.tinggi),
  };
}

async function checkCodes(c: AuthedCtx, input: z.output<typeof soapInput>) {
  const [missing10, missing9] = await Promise.all([
    q.missingCodes(
      c.db,
      'icd10',
      input.diagnoses.map((d) => d.code),
    ),
    q.missingCodes(
      c.db,
      'icd9cm',
      input.procedures.map((p) => p.code),
    ),
  ]);
  const issues = [
    ...input.diagnoses
      .map((d, i) =>
        missing10.includes(d.code)
          ? { field: `diagnoses.${i}.code`, message: `Kode ICD-10 ${d.code} tidak dikenal` }
          : null,
      )
      .filter((x) => x !== null),
    ...input.procedures
      .map((p, i) =>
        missing9.includes(p.code)
          ? { field: `procedures.${i}.code`, message: `Kode ICD-9-CM ${p.code} tidak dikenal` }
          : null,
      )
      .filter((x) => x !== null),
  ];
  if (issues.length) throw badRequestMany(issues);
}

async function treatmentContent(
  c: AuthedCtx,
  input: z.output<typeof treatmentInput>,
  keepPrice?: q.VersionInsert,
): Promise<VersionContent> {
  const p = await q.perawatanOf(c.db, c.branchId, input.perawatan);
  if (!p) throw badRequest('Perawatan tidak ditemukan di cabang ini', 'perawatan');
  const samePerawatan = keepPrice && keepPrice.perawatan_id === p.id;
  if (p.status !== 1 && !samePerawatan) throw badRequest('Perawatan tidak aktif', 'perawatan');
  const d = await q.branchDoctor(c.db, c.branchId, input.doctor);
  if (!d) throw badRequest('Dokter tidak ditemukan di cabang ini', 'doctor');
  if (d.status !== 1) throw badRequest('Dokter tidak aktif', 'doctor');
  if (input.assistant && !(await q.branchStaff(c.db, c.branchId, input.assistant)))
    throw badRequest('Asisten tidak ditemukan di cabang ini', 'assistant');
  if (input.icd9cm && (await q.missingCodes(c.db, 'icd9cm', [input.icd9cm])).length)
    throw badRequest(`Kode ICD-9-CM ${input.icd9cm} tidak dikenal`, 'icd9cm');
  return {
    perawatan_id: p.id,
    qty: input.qty,
    doctor_id: d.id,
    assistant_id: input.assistant ?? null,
    icd9cm: input.icd9cm ?? null,
    // The price at the visit: kept through corrections of the same treatment, the master's when it changes.
    price: samePerawatan ? keepPrice.price : p.price,
    doctor_share: samePerawatan ? keepPrice.doctor_share : p.doctor_share,
  };
}

async function itemContent(
  c: AuthedCtx,
  itemId: number,
  qty: number,
  field: string,
  keep?: q.VersionInsert,
): Promise<VersionContent> {
  const it = await q.itemOf(c.db, c.branchId, itemId);
  if (!it) throw badRequest('Item tidak ditemukan di cabang ini', field);
  const same = keep && keep.item_id === it.id;
  if (it.status !== 1 && !same) throw badRequest('Item tidak aktif', field);
  return { item_id: it.id, qty, price: same ? keep.price : it.price };
}

/** Prescription lines: the item's content plus the allergy check of the whole prescription (allergy.ts). */
async function resepContents(
  c: AuthedCtx,
  customer: number,
  lines: { item: number; qty: number; signa: string; field: string; keep?: q.VersionInsert }[],
  override: string | null | undefined,
): Promise<VersionContent[]> {
  const contents: VersionContent[] = [];
  const items: { name: string; generic_name: string | null }[] = [];
  for (const l of lines) {
    contents.push({ ...(await itemContent(c, l.item, l.qty, l.field, l.keep)), signa: l.signa });
    const it = (await q.itemOf(c.db, c.branchId, l.item))!;
    items.push({ name: it.name, generic_name: it.generic_name });
  }
  // A correction keeping the same drug keeps the override it was prescribed with.
  const kept = lines[0]?.keep && lines[0].keep.item_id === lines[0].item ? lines[0].keep.allergy_override : null;
  const reasons = await allergyOverrides(c, customer, items, override || kept);
  return contents.map((content, i) => ({ ...content, allergy_override: reasons[i] }));
}

/** A lab form of the branch's master, at its price at the visit (kept through corrections of the same form). */
async function labContent(
  c: AuthedCtx,
  input: z.output<typeof labInput>,
  keep?: q.VersionInsert,
): Promise<VersionContent> {
  const f = await q.formLabOf(c.db, c.branchId, input.form_lab);
  if (!f) throw badRequest('Form lab tidak ditemukan di cabang ini', 'form_lab');
  const same = keep && keep.form_lab_id === f.id;
  if (f.status !== 1 && !same) throw badRequest('Form lab tidak aktif', 'form_lab');
  return { form_lab_id: f.id, qty: input.qty, note: input.note || null, price: same ? keep.price : f.price };
}

interface WriteTarget {
  c: AuthedCtx;
  head: q.VisitHead;
}

/** The visit to write to: of this branch (404 otherwise), not cancelled, with the right to write this kind. */
async function writeTarget(ctx: Ctx, visitId: number, kind: RmKind): Promise<WriteTarget> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_VISIT, [visitId], 'write');
  requireManage(c, kind);
  const head = await q.visitHead(c.db, visitId);
  if (!head) throw notFound(RM_VISIT.notFound);
  if (head.status === 'batal') throw conflict(VISIT_CANCELLED);
  return { c, head };
}

/** A new entry with its version 1 (and codes), in one transaction (the Idempotency-Key is kept on the entry). */
async function createEntry(
  t: WriteTarget,
  kind: RmKind,
  reason: string | null | undefined,
  key: string | undefined,
  content: (tx: AuthedCtx) => Promise<{ version: VersionContent; codes?: z.output<typeof soapInput> }>,
): Promise<{ data: RmEntryDto; created: boolean }> {
  const { c, head } = t;
  const id = await inTransaction(c, async (tx0) => {
    const tx = tx0 as AuthedCtx;
    const record = await q.ensureRecord(tx.db, head, tx.user.id);
    requireCorrection(tx, record, reason);
    const body = await content(tx);
    const entry = await q.insertEntry(tx.db, {
      profile_id: head.profile_id,
      record_id: record.id,
      visit_id: head.id,
      customer_id: head.customer_id,
      kind,
      idempotency_key: key ?? null,
      created_by: tx.user.id,
    });
    const versionId = await q.insertVersion(tx.db, {
      ...body.version,
      profile_id: head.profile_id,
      entry_id: entry.id,
      kind,
      version: 1,
      action: 'create',
      reason: reason || null,
      created_by: tx.user.id,
    });
    if (body.codes) {
      await q.insertDiagnoses(tx.db, head.profile_id, versionId, body.codes.diagnoses);
      await q.insertProcedures(tx.db, head.profile_id, versionId, body.codes.procedures);
    }
    await audit(tx, {
      action: record.status === 'finished' ? 'add_after_finish' : 'create',
      entity: 'rm_entry',
      entityId: entry.id,
      after: { kind, visit: head.id, version: 1, reason: reason || null },
    });
    return entry.id;
  });
  return { data: await entryOut(c, id, kind), created: true };
}

async function entryOut(c: AuthedCtx, id: number, kind: RmKind): Promise<RmEntryDto> {
  const rows = await q.entryVersions(c.db, id);
  const cur = rows.find((r) => r.version === r.head_version);
  if (!cur) throw notFound(RM_ENTRY_ENTITY[kind].notFound);
  const codes = kind === 'soap' ? await q.codesOf(c.db, [cur.version_id]) : { diagnoses: [], procedures: [] };
  return entryDto(cur, codes);
}

export async function createSoap(ctx: Ctx, visitId: number, input: z.output<typeof soapInput>, key?: string) {
  const t = await writeTarget(ctx, visitId, 'soap');
  await checkCodes(t.c, input);
  return createEntry(t, 'soap', input.reason, key, async () => ({ version: soapContent(input), codes: input }));
}

export async function createTreatment(ctx: Ctx, visitId: number, input: z.output<typeof treatmentInput>, key?: string) {
  const t = await writeTarget(ctx, visitId, 'treatment');
  return createEntry(t, 'treatment', input.reason, key, async (tx) => ({ version: await treatmentContent(tx, input) }));
}

export async function createProduk(ctx: Ctx, visitId: number, input: z.output<typeof produkInput>, key?: string) {
  const t = await writeTarget(ctx, visitId, 'produk');
  return createEntry(t, 'produk', input.reason, key, async (tx) => ({
    version: await itemContent(tx, input.item, input.qty, 'item'),
  }));
}

export async function createBhp(ctx: Ctx, visitId: number, input: z.output<typeof bhpInput>, key?: string) {
  const t = await writeTarget(ctx, visitId, 'bhp');
  return createEntry(t, 'bhp', input.reason, key, async (tx) => ({
    version: await itemContent(tx, input.item, input.qty, 'item'),
  }));
}

export async function createAlergi(ctx: Ctx, visitId: number, input: z.output<typeof alergiInput>, key?: string) {
  const t = await writeTarget(ctx, visitId, 'alergi');
  return createEntry(t, 'alergi', input.reason, key, async () => ({
    version: { allergen: input.allergen, note: input.note || null },
  }));
}

/** POST /api/rekammedis/visit/{visit}/lab: a lab form ordered for the patient (billed at the cashier). */
export async function createLab(ctx: Ctx, visitId: number, input: z.output<typeof labInput>, key?: string) {
  const t = await writeTarget(ctx, visitId, 'lab');
  return createEntry(t, 'lab', input.reason, key, async (tx) => ({ version: await labContent(tx, input) }));
}

/** POST /api/rekammedis/visit/{visit}/resep: a prescription (numbered RSP/<branch>/<yyyymm>/<n>) and its items. */
export async function createResep(
  ctx: Ctx,
  visitId: number,
  input: z.output<typeof resepInput>,
  key?: string,
): Promise<{ data: RmPrescriptionDto; created: boolean }> {
  const { c, head } = await writeTarget(ctx, visitId, 'resep');
  const id = await inTransaction(c, async (tx0) => {
    const tx = tx0 as AuthedCtx;
    const record = await q.ensureRecord(tx.db, head, tx.user.id);
    requireCorrection(tx, record, input.reason);
    const contents = await resepContents(
      tx,
      head.customer_id,
      input.items.map((it, i) => ({ ...it, field: `items.${i}.item` })),
      input.allergy_override,
    );
    const period = (await tx.today()).slice(0, 7).replace('-', '');
    const n = await nextNumber(tx.db, head.profile_id, 'RSP', period);
    const p = await q.insertPrescription(tx.db, {
      profile_id: head.profile_id,
      record_id: record.id,
      visit_id: head.id,
      customer_id: head.customer_id,
      doctor_id: head.doctor_id,
      code: formatDocNumber('RSP', head.profile_id, period, n),
      note: input.note || null,
      idempotency_key: key ?? null,
      created_by: tx.user.id,
    });
    for (const content of contents) {
      const entry = await q.insertEntry(tx.db, {
        profile_id: head.profile_id,
        record_id: record.id,
        visit_id: head.id,
        customer_id: head.customer_id,
        kind: 'resep',
        prescription_id: p.id,
        created_by: tx.user.id,
      });
      await q.insertVersion(tx.db, {
        ...content,
        profile_id: head.profile_id,
        entry_id: entry.id,
        kind: 'resep',
        version: 1,
        action: 'create',
        reason: input.reason || null,
        created_by: tx.user.id,
      });
    }
    await audit(tx, {
      action: record.status === 'finished' ? 'add_after_finish' : 'create',
      entity: 'rm_prescription',
      entityId: p.id,
      after: {
        visit: head.id,
        code: p.code,
        items: contents.length,
        reason: input.reason || null,
        allergy_override: contents.some((x) => x.allergy_override) ? input.allergy_override : null,
      },
    });
    return p.id;
  });
  return { data: await prescriptionOut(c, id), created: true };
}

async function prescriptionOut(c: AuthedCtx, id: number): Promise<RmPrescriptionDto> {
  const p = await q.prescriptionById(c.db, id);
  if (!p) throw notFound('Resep tidak ditemukan');
  const items = await q.prescriptionItems(c.db, [id]);
  return {
    id: p.id,
    code: p.code,
    note: p.note,
    pharmacy_status: p.pharmacy_status as PrescriptionStatus,
    created_at: new Date(p.created_at).toISOString(),
    items: items.map((r) => entryDto(r, { diagnoses: [], procedures: [] })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Corrections and voids: a new version, never a change
// ---------------------------------------------------------------------------------------------------------------

type CorrectionOf = {
  soap: z.output<typeof soapCorrectionInput>;
  treatment: z.output<typeof treatmentCorrectionInput>;
  produk: z.output<typeof produkCorrectionInput>;
  bhp: z.output<typeof bhpCorrectionInput>;
  resep: z.output<typeof resepCorrectionInput>;
  alergi: z.output<typeof alergiCorrectionInput>;
  lab: z.output<typeof labCorrectionInput>;
};

/** The entry to add a version to: this branch's, of this kind, with the right, not voided, at the expected version. */
async function amendTarget(ctx: Ctx, kind: RmKind, entryId: number) {
  const c = requireUser(ctx);
  await requireAccess(c, RM_ENTRY_ENTITY[kind], [entryId], 'write');
  const entry = await q.findEntry(c.db, entryId);
  if (!entry || entry.kind !== kind) throw notFound(RM_ENTRY_ENTITY[kind].notFound);
  requireManage(c, kind);
  return { c, entry };
}

async function addVersion(
  c: AuthedCtx,
  entry: q.EntryRow,
  action: 'correct' | 'void',
  reason: string,
  expected: number | undefined,
  content: (
    tx: AuthedCtx,
    current: q.VersionInsert,
  ) => Promise<{ version: VersionContent; codes?: z.output<typeof soapInput> }>,
): Promise<RmEntryDto> {
  try {
    await inTransaction(c, async (tx0) => {
      const tx = tx0 as AuthedCtx;
      const record = await q.lockRecord(tx.db, entry.visit_id, 'share');
      if (!record) throw notFound(RM_ENTRY_ENTITY[entry.kind as RmKind].notFound);
      requireCorrection(tx, record, reason);
      const current = await q.currentVersionRow(tx.db, entry.id);
      if (!current) throw notFound(RM_ENTRY_ENTITY[entry.kind as RmKind].notFound);
      if (current.voided) throw conflict(VOIDED);
      if (expected !== undefined && expected !== current.version) throw conflict(STALE, 'version');
      const body = await content(tx, current);
      const version = current.version + 1;
      const versionId = await q.insertVersion(tx.db, {
        ...body.version,
        profile_id: entry.profile_id,
        entry_id: entry.id,
        kind: entry.kind,
        version,
        action,
        reason,
        created_by: tx.user.id,
      });
      if (body.codes) {
        await q.insertDiagnoses(tx.db, entry.profile_id, versionId, body.codes.diagnoses);
        await q.insertProcedures(tx.db, entry.profile_id, versionId, body.codes.procedures);
      } else if (entry.kind === 'soap') {
        await q.copyCodes(tx.db, current.id, versionId);
      }
      if (action === 'void' && entry.prescription_id) await q.cancelPrescriptionIfEmpty(tx.db, entry.prescription_id);
      await audit(tx, {
        action: action === 'void' ? 'void' : 'correct',
        entity: 'rm_entry',
        entityId: entry.id,
        before: { version: current.version },
        after: { kind: entry.kind, visit: entry.visit_id, version, reason, finished: record.status === 'finished' },
      });
    });
  } catch (err) {
    throw pgConflict(err) ?? err;
  }
  return entryOut(c, entry.id, entry.kind as RmKind);
}

/** Copy of a version's content (for a void: the voided content stays readable on the void marker). */
function contentOf(v: q.VersionInsert): VersionContent {
  const {
    id: _id,
    profile_id: _p,
    entry_id: _e,
    kind: _k,
    version: _v,
    action: _a,
    reason: _r,
    created_by: _cb,
    created_at: _ca,
    ...rest
  } = v as q.VersionInsert & { bmi?: unknown; voided?: unknown };
  const { bmi: _bmi, voided: _voided, ...content } = rest as typeof rest & { bmi?: unknown; voided?: unknown };
  return content;
}

export async function correct<K extends RmKind>(ctx: Ctx, kind: K, entryId: number, input: CorrectionOf[K]) {
  const { c, entry } = await amendTarget(ctx, kind, entryId);
  if (kind === 'soap') await checkCodes(c, input as CorrectionOf['soap']);
  return addVersion(c, entry, 'correct', input.reason, input.version, async (tx, current) => {
    switch (kind) {
      case 'soap': {
        const i = input as CorrectionOf['soap'];
        return { version: soapContent(i), codes: i };
      }
      case 'treatment':
        return { version: await treatmentContent(tx, input as CorrectionOf['treatment'], current) };
      case 'produk':
      case 'bhp': {
        const i = input as CorrectionOf['produk'];
        return { version: await itemContent(tx, i.item, i.qty, 'item', current) };
      }
      case 'resep': {
        const i = input as CorrectionOf['resep'];
        const [version] = await resepContents(
          tx,
          entry.customer_id,
          [{ item: i.item, qty: i.qty, signa: i.signa, field: 'item', keep: current }],
          i.allergy_override,
        );
        return { version };
      }
      case 'lab':
        return { version: await labContent(tx, input as CorrectionOf['lab'], current) };
      default: {
        const i = input as CorrectionOf['alergi'];
        return { version: { allergen: i.allergen, note: i.note || null } };
      }
    }
  });
}

export async function voidEntry(ctx: Ctx, kind: RmKind, entryId: number, input: z.output<typeof voidInput>) {
  const { c, entry } = await amendTarget(ctx, kind, entryId);
  return addVersion(c, entry, 'void', input.reason, input.version, async (_tx, current) => ({
    version: contentOf(current),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Finishing
// ---------------------------------------------------------------------------------------------------------------

/** POST /api/rekammedis/visit/{visit}/finish: the record is finished, the visit 'selesai' (ready for the cashier). */
/**
 * What other modules do when a record is finished, in its transaction (registered at start, modules.ts): the
 * inventory takes the record's consumables (BHP) from the treatment room. A hook that fails with a 4xx (stock short,
 * no treatment-room warehouse) is undone on its own (a savepoint) and reported as a warning: the clinical record is
 * finished all the same, and finishing never waits for the store room.
 */
export type RecordFinishedHook = (tx: Ctx, recordId: number) => Promise<unknown>;
const finishedHooks = new Map<string, RecordFinishedHook>();
/** Registers (or replaces) the hook of one name; every app started in the process registers the same ones. */
export function onRecordFinished(name: string, hook: RecordFinishedHook): void {
  finishedHooks.set(name, hook);
}

export async function finish(
  ctx: Ctx,
  visitId: number,
): Promise<{ visit: number; record: number; status: 'finished'; visit_status: string; warnings: string[] }> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_VISIT, [visitId], 'write');
  const head = await q.visitHead(c.db, visitId);
  if (!head) throw notFound(RM_VISIT.notFound);
  if (head.status === 'batal') throw conflict(VISIT_CANCELLED);
  return inTransaction(c, async (tx0) => {
    const tx = tx0 as AuthedCtx;
    const record = await q.lockRecord(tx.db, visitId, 'update');
    if (!record) throw badRequest('Rekam medis masih kosong: isi SOAP atau tindakan dahulu');
    if (record.status === 'finished') throw conflict('Rekam medis sudah diselesaikan');
    if (!(await q.liveEntryCount(tx.db, record.id)))
      throw badRequest('Rekam medis masih kosong: isi SOAP atau tindakan dahulu');
    const at = tx.now().toISOString();
    const done = await q.finishRecord(tx.db, record.id, tx.user.id, at);
    if (!done) throw conflict('Rekam medis sudah diselesaikan');
    const passed = await completeVisitForRecord(tx, visitId);
    const warnings: string[] = [];
    for (const hook of finishedHooks.values()) {
      try {
        await inTransaction(tx, (inner) => hook(inner, record.id));
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        warnings.push(`BHP belum keluar dari gudang: ${err.message}`);
      }
    }
    await audit(tx, {
      action: 'finish',
      entity: 'rm_record',
      entityId: record.id,
      before: { status: 'draft', visit_status: head.status },
      after: { status: 'finished', visit: visitId, visit_status: passed.at(-1) ?? head.status },
    });
    return {
      visit: visitId,
      record: record.id,
      status: 'finished' as const,
      visit_status: passed.at(-1) ?? head.status,
      warnings,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Choices for the forms
// ---------------------------------------------------------------------------------------------------------------

export async function perawatanOptions(ctx: Ctx, keyword?: string) {
  const c = requireUser(ctx);
  const rows = await q.perawatanOptions(c.db, c.branchId, keyword);
  return rows.map((r) => ({ ...r, price: Number(fromSen(r.price)) }));
}

export async function itemOptions(ctx: Ctx, keyword?: string) {
  const c = requireUser(ctx);
  const rows = await q.itemOptions(c.db, c.branchId, keyword);
  return rows.map((r) => ({ ...r, price: Number(fromSen(r.price)) }));
}

export async function formLabOptions(ctx: Ctx, keyword?: string) {
  const c = requireUser(ctx);
  const rows = await q.formLabOptions(c.db, c.branchId, keyword);
  return rows.map((r) => ({ ...r, price: Number(fromSen(r.price)) }));
}

export async function staffOptions(ctx: Ctx) {
  const c = requireUser(ctx);
  return q.staffOptions(c.db, c.branchId);
}
