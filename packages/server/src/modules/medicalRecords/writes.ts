import {
  type PrescriptionStatus,
  type RmEntryDto,
  type RmKind,
  type RmPrescriptionDto,
  type z,
  type alergiInput,
  type bhpInput,
  type labInput,
  type produkInput,
  type resepInput,
  type soapInput,
  type treatmentInput,
} from '@klinik/shared';
import { requireAccess } from '../../http/access-scope.js';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, badRequestMany, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../lib/numbering.js';
import { allergyOverrides } from './allergy.js';
import { RM_ENTRY_ENTITY, RM_VISIT } from './entities.js';
import * as q from './queries.js';
import { requireCorrection, requireManage } from './access.js';
import { entryDto } from './dto.js';
import { VISIT_CANCELLED } from './rules.js';
import { priceOn } from '../pricelist/index.js';

/** Writing the record: every entry is version 1 of a new entry, in one transaction with its Idempotency-Key. */
// ---------------------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------------------

export type VersionContent = Omit<
  q.VersionInsert,
  'profile_id' | 'entry_id' | 'kind' | 'version' | 'action' | 'reason'
>;
const decimal = (n: number | undefined) => (n === undefined ? null : String(n));

export function soapContent(input: z.output<typeof soapInput>): VersionContent {
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

export async function checkCodes(c: AuthedCtx, input: z.output<typeof soapInput>) {
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

export async function treatmentContent(
  c: AuthedCtx,
  input: z.output<typeof treatmentInput>,
  visitDate: string,
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
    // The price at the visit: kept through corrections of the same treatment; otherwise the price list's price in
    // force on the visit date (issue 30: a price scheduled later never reaches this visit).
    price: samePerawatan
      ? keepPrice.price
      : await priceOn(c, { kind: 'treatment', code: p.code, branch: c.branchId, on: visitDate, fallback: p.price }),
    doctor_share: samePerawatan ? keepPrice.doctor_share : p.doctor_share,
  };
}

export async function itemContent(
  c: AuthedCtx,
  itemId: number,
  qty: number,
  field: string,
  visitDate: string,
  keep?: q.VersionInsert,
): Promise<VersionContent> {
  const it = await q.itemOf(c.db, c.branchId, itemId);
  if (!it) throw badRequest('Item tidak ditemukan di cabang ini', field);
  const same = keep && keep.item_id === it.id;
  if (it.status !== 1 && !same) throw badRequest('Item tidak aktif', field);
  const price = same
    ? keep.price
    : await priceOn(c, { kind: 'item', code: it.code, branch: c.branchId, on: visitDate, fallback: it.price });
  return { item_id: it.id, qty, price };
}

/** Prescription lines: the item's content plus the allergy check of the whole prescription (allergy.ts). */
export async function resepContents(
  c: AuthedCtx,
  customer: number,
  lines: { item: number; qty: number; signa: string; field: string; keep?: q.VersionInsert }[],
  override: string | null | undefined,
  visitDate: string,
): Promise<VersionContent[]> {
  const contents: VersionContent[] = [];
  const items: { name: string; generic_name: string | null }[] = [];
  for (const l of lines) {
    contents.push({ ...(await itemContent(c, l.item, l.qty, l.field, visitDate, l.keep)), signa: l.signa });
    const it = (await q.itemOf(c.db, c.branchId, l.item))!;
    items.push({ name: it.name, generic_name: it.generic_name });
  }
  // A correction keeping the same drug keeps the override it was prescribed with.
  const kept = lines[0]?.keep && lines[0].keep.item_id === lines[0].item ? lines[0].keep.allergy_override : null;
  const reasons = await allergyOverrides(c, customer, items, override || kept);
  return contents.map((content, i) => ({ ...content, allergy_override: reasons[i] }));
}

/** A lab form of the branch's master, at its price at the visit (kept through corrections of the same form). */
export async function labContent(
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

export async function entryOut(c: AuthedCtx, id: number, kind: RmKind): Promise<RmEntryDto> {
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
  return createEntry(t, 'treatment', input.reason, key, async (tx) => ({
    version: await treatmentContent(tx, input, t.head.visit_date),
  }));
}

export async function createProduk(ctx: Ctx, visitId: number, input: z.output<typeof produkInput>, key?: string) {
  const t = await writeTarget(ctx, visitId, 'produk');
  return createEntry(t, 'produk', input.reason, key, async (tx) => ({
    version: await itemContent(tx, input.item, input.qty, 'item', t.head.visit_date),
  }));
}

export async function createBhp(ctx: Ctx, visitId: number, input: z.output<typeof bhpInput>, key?: string) {
  const t = await writeTarget(ctx, visitId, 'bhp');
  return createEntry(t, 'bhp', input.reason, key, async (tx) => ({
    version: await itemContent(tx, input.item, input.qty, 'item', t.head.visit_date),
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
      head.visit_date,
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

export async function prescriptionOut(c: AuthedCtx, id: number): Promise<RmPrescriptionDto> {
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
