import { eq, sql } from 'drizzle-orm';
import type { RmKind, RmSoapText, RmVitals } from '@klinik/shared';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { queryRows, type Db } from '../../../db/client.js';
import { rmPrescription } from '../../../db/schema/index.js';
import { idList, num, type PrescriptionRow } from './common.js';

/** Entries with their versions, codes, prescriptions and photos. */
// ---------------------------------------------------------------------------------------------------------------
// Entries with their versions (batched: one query per kind of thing, whatever the number of visits)
// ---------------------------------------------------------------------------------------------------------------

/** A treatment's assistant and ICD-9-CM procedure as read (the medical lists read them too). */
export interface TreatmentAssistRow {
  assistant_id: number | null;
  assistant_name: string | null;
  icd9cm: string | null;
  icd9cm_name_id: string | null;
  icd9cm_name_en: string | null;
}

/** An entry's version as read: its SOAP text and vital signs (RmSoapText, RmVitals) among the columns of every kind. */
export interface VersionRow extends RmSoapText, RmVitals, TreatmentAssistRow {
  version_id: number;
  entry_id: number;
  kind: RmKind;
  visit_id: number;
  prescription_id: number | null;
  entry_created_at: string;
  entry_created_by: number | null;
  entry_created_by_name: string | null;
  head_version: number;
  voided: boolean;
  version: number;
  action: string;
  reason: string | null;
  created_at: string;
  created_by: number | null;
  created_by_name: string | null;
  perawatan_id: number | null;
  perawatan_code: string | null;
  perawatan_name: string | null;
  doctor_id: number | null;
  doctor_name: string | null;
  item_id: number | null;
  item_code: string | null;
  item_name: string | null;
  item_unit: string | null;
  signa: string | null;
  form_lab_id: number | null;
  form_lab_code: string | null;
  form_lab_name: string | null;
  qty: number | null;
  price: number | null;
  doctor_share: number | null;
  allergen: string | null;
  note: string | null;
  allergy_override: string | null;
}

export const versionSelect = sql`
  select v.id as version_id, e.id as entry_id, e.kind, e.visit_id, e.prescription_id, e.created_at as entry_created_at,
         e.created_by as entry_created_by, ecb.name as entry_created_by_name, h.version as head_version, h.voided,
         v.version, v.action, v.reason, v.created_at, v.created_by, vcb.name as created_by_name,
         v.subjective, v.objective, v.assessment, v.plan, v.sistole, v.diastole, v.nadi, v.respirasi, v.suhu, v.spo2,
         v.berat, v.tinggi, v.bmi, v.perawatan_id, p.code as perawatan_code, p.name as perawatan_name,
         v.doctor_id, du.name as doctor_name, v.assistant_id, au.name as assistant_name,
         v.icd9cm, i9.name_id as icd9cm_name_id, i9.name_en as icd9cm_name_en,
         v.item_id, it.code as item_code, it.name as item_name, it.unit as item_unit, v.signa,
         v.form_lab_id, fl.code as form_lab_code, fl.name as form_lab_name, v.qty, v.price,
         v.doctor_share, v.allergen, v.note, v.allergy_override
    from rm_entry e
    join rm_entry_head h on h.entry_id = e.id`;
export const versionJoins = sql`
    left join users ecb on ecb.id = e.created_by
    left join users vcb on vcb.id = v.created_by
    left join perawatan p on p.id = v.perawatan_id
    left join users du on du.id = v.doctor_id
    left join users au on au.id = v.assistant_id
    left join icd9cm i9 on i9.code = v.icd9cm
    left join item it on it.id = v.item_id
    left join form_lab fl on fl.id = v.form_lab_id`;

export function toVersionRow(r: Record<string, unknown>): VersionRow {
  const iso = (x: unknown) => new Date(x as string).toISOString();
  return {
    version_id: Number(r.version_id),
    entry_id: Number(r.entry_id),
    kind: r.kind as RmKind,
    visit_id: Number(r.visit_id),
    prescription_id: num(r.prescription_id),
    entry_created_at: iso(r.entry_created_at),
    entry_created_by: num(r.entry_created_by),
    entry_created_by_name: (r.entry_created_by_name as string | null) ?? null,
    head_version: Number(r.head_version),
    voided: r.voided === true || r.voided === 't',
    version: Number(r.version),
    action: String(r.action),
    reason: (r.reason as string | null) ?? null,
    created_at: iso(r.created_at),
    created_by: num(r.created_by),
    created_by_name: (r.created_by_name as string | null) ?? null,
    subjective: (r.subjective as string | null) ?? null,
    objective: (r.objective as string | null) ?? null,
    assessment: (r.assessment as string | null) ?? null,
    plan: (r.plan as string | null) ?? null,
    sistole: num(r.sistole),
    diastole: num(r.diastole),
    nadi: num(r.nadi),
    respirasi: num(r.respirasi),
    suhu: num(r.suhu),
    spo2: num(r.spo2),
    berat: num(r.berat),
    tinggi: num(r.tinggi),
    bmi: num(r.bmi),
    perawatan_id: num(r.perawatan_id),
    perawatan_code: (r.perawatan_code as string | null) ?? null,
    perawatan_name: (r.perawatan_name as string | null) ?? null,
    doctor_id: num(r.doctor_id),
    doctor_name: (r.doctor_name as string | null) ?? null,
    assistant_id: num(r.assistant_id),
    assistant_name: (r.assistant_name as string | null) ?? null,
    icd9cm: (r.icd9cm as string | null) ?? null,
    icd9cm_name_id: (r.icd9cm_name_id as string | null) ?? null,
    icd9cm_name_en: (r.icd9cm_name_en as string | null) ?? null,
    item_id: num(r.item_id),
    item_code: (r.item_code as string | null) ?? null,
    item_name: (r.item_name as string | null) ?? null,
    item_unit: (r.item_unit as string | null) ?? null,
    signa: (r.signa as string | null) ?? null,
    form_lab_id: num(r.form_lab_id),
    form_lab_code: (r.form_lab_code as string | null) ?? null,
    form_lab_name: (r.form_lab_name as string | null) ?? null,
    qty: num(r.qty),
    price: num(r.price),
    doctor_share: num(r.doctor_share),
    allergen: (r.allergen as string | null) ?? null,
    note: (r.note as string | null) ?? null,
    allergy_override: (r.allergy_override as string | null) ?? null,
  };
}

/** The current version of every entry of these visits (of these kinds), in entry order. */
export async function currentEntries(
  db: Db,
  visitIds: readonly number[],
  kinds: readonly RmKind[],
): Promise<VersionRow[]> {
  if (!visitIds.length || !kinds.length) return [];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${versionSelect}
    join rm_entry_version v on v.id = h.version_id
    ${versionJoins}
    where e.visit_id in (${idList(visitIds)}) and e.kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})
    order by e.visit_id, e.id`,
  );
  return rows.map(toVersionRow);
}

/** A patient's allergies: the current version of every 'alergi' entry not voided, in the scope. */
export async function patientAllergies(db: Db, scope: BranchScope, customer: number): Promise<VersionRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${versionSelect}
    join rm_entry_version v on v.id = h.version_id
    ${versionJoins}
    where e.customer_id = ${customer} and e.kind = 'alergi' and not h.voided and ${scopeSql(sql`e.profile_id`, scope)}
    order by e.id`,
  );
  return rows.map(toVersionRow);
}

/**
 * The allergens a patient has on record (current versions, not voided) in every branch: what the prescribing and
 * dispensing checks compare a drug with, and what the pharmacy shows (the printed prescription shows the same).
 */
export async function allergenNames(db: Db, customer: number): Promise<string[]> {
  const rows = await queryRows<{ allergen: string }>(
    db,
    sql`select distinct v.allergen from rm_entry e
        join rm_entry_head h on h.entry_id = e.id and not h.voided
        join rm_entry_version v on v.id = h.version_id
        where e.customer_id = ${customer} and e.kind = 'alergi' and v.allergen is not null
        order by v.allergen`,
  );
  return rows.map((r) => r.allergen);
}

/** Every version of one entry, oldest first. */
export async function entryVersions(db: Db, entryId: number): Promise<VersionRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${versionSelect}
    join rm_entry_version v on v.entry_id = e.id
    ${versionJoins}
    where e.id = ${entryId}
    order by v.version`,
  );
  return rows.map(toVersionRow);
}

export interface CodeRow {
  version_id: number;
  code: string;
  name_id: string;
  name_en: string;
  primary: boolean;
}

/** ICD-10 diagnoses and ICD-9-CM procedures of these versions, in their order. */
export async function codesOf(
  db: Db,
  versionIds: readonly number[],
): Promise<{ diagnoses: CodeRow[]; procedures: CodeRow[] }> {
  if (!versionIds.length) return { diagnoses: [], procedures: [] };
  const [d, p] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select d.version_id, d.code, i.name_id, i.name_en, d.is_primary from rm_diagnosis d
          join icd10 i on i.code = d.code where d.version_id in (${idList(versionIds)}) order by d.version_id, d.seq`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select p.version_id, p.code, i.name_id, i.name_en from rm_procedure p
          join icd9cm i on i.code = p.code where p.version_id in (${idList(versionIds)}) order by p.version_id, p.seq`,
    ),
  ]);
  const map = (r: Record<string, unknown>): CodeRow => ({
    version_id: Number(r.version_id),
    code: String(r.code),
    name_id: String(r.name_id),
    name_en: String(r.name_en),
    primary: r.is_primary === true || r.is_primary === 't',
  });
  return { diagnoses: d.map(map), procedures: p.map(map) };
}

export async function prescriptionById(db: Db, id: number): Promise<PrescriptionRow | undefined> {
  const [row] = await db.select().from(rmPrescription).where(eq(rmPrescription.id, id));
  return row;
}

export async function prescriptionsOf(db: Db, visitIds: readonly number[]): Promise<PrescriptionRow[]> {
  if (!visitIds.length) return [];
  return db
    .select()
    .from(rmPrescription)
    .where(sql`${rmPrescription.visit_id} in (${idList(visitIds)})`)
    .orderBy(rmPrescription.id);
}

export interface PhotoRow {
  id: number;
  visit_id: number;
  thumbnail: string;
  photo: string;
  label: string | null;
  upload_at: string;
}

export async function photosOf(db: Db, visitIds: readonly number[]): Promise<PhotoRow[]> {
  if (!visitIds.length) return [];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select m.id, m.visit_id, m.thumbnail, m.photo, l.name as label, m.upload_at from visit_multimedia m
        left join multimedia_label l on l.id = m.label_id
        where m.visit_id in (${idList(visitIds)}) and m.status = 1 order by m.visit_id, m.upload_at, m.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    visit_id: Number(r.visit_id),
    thumbnail: String(r.thumbnail),
    photo: String(r.photo),
    label: (r.label as string | null) ?? null,
    upload_at: new Date(r.upload_at as string).toISOString(),
  }));
}
