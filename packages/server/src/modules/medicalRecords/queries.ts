import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { RmKind } from '@klinik/shared';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { queryRows, type Db } from '../../db/client.js';
import {
  rmDiagnosis,
  rmEntry,
  rmEntryHead,
  rmEntryVersion,
  rmPrescription,
  rmProcedure,
  rmRecord,
} from '../../db/schema/index.js';

/** The only file of the module with SQL. Lists take the branch scope they read. */

export type RecordRow = typeof rmRecord.$inferSelect;
export type EntryRow = typeof rmEntry.$inferSelect;
export type VersionInsert = typeof rmEntryVersion.$inferInsert;
export type PrescriptionRow = typeof rmPrescription.$inferSelect;

const idList = (ids: readonly number[]) =>
  sql.join(
    (ids.length ? ids : [-1]).map((i) => sql`${i}`),
    sql`, `,
  );
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

// ---------------------------------------------------------------------------------------------------------------
// Visits and records
// ---------------------------------------------------------------------------------------------------------------

export interface VisitHead {
  id: number;
  profile_id: number;
  code: string;
  visit_date: string;
  kind: string;
  status: string;
  complaint: string | null;
  customer_id: number;
  doctor_id: number;
  doctor_name: string;
  nurse_id: number | null;
  nurse_name: string | null;
  record_id: number | null;
  record_status: string | null;
  finished_at: string | null;
  finished_by: number | null;
  finished_by_name: string | null;
  pay_status: 'belum_dibayar' | 'belum_lunas' | 'lunas';
}

const visitHeadSelect = sql`
  select v.id, v.profile_id, v.code, v.visit_date::text as visit_date, v.kind, v.status, v.complaint, v.customer_id,
         v.doctor_id, du.name as doctor_name, v.nurse_id, nu.name as nurse_name,
         r.id as record_id, r.status as record_status, r.finished_at, r.finished_by, fu.name as finished_by_name,
         coalesce((select ps.pay_status from kasir_visit_pay_status ps where ps.visit_id = v.id), 'belum_dibayar') as pay_status
    from visit v
    join users du on du.id = v.doctor_id
    left join users nu on nu.id = v.nurse_id
    left join rm_record r on r.visit_id = v.id
    left join users fu on fu.id = r.finished_by`;

function toVisitHead(r: Record<string, unknown>): VisitHead {
  return {
    id: Number(r.id),
    profile_id: Number(r.profile_id),
    code: String(r.code),
    visit_date: String(r.visit_date),
    kind: String(r.kind),
    status: String(r.status),
    pay_status: r.pay_status as VisitHead['pay_status'],
    complaint: (r.complaint as string | null) ?? null,
    customer_id: Number(r.customer_id),
    doctor_id: Number(r.doctor_id),
    doctor_name: String(r.doctor_name),
    nurse_id: num(r.nurse_id),
    nurse_name: (r.nurse_name as string | null) ?? null,
    record_id: num(r.record_id),
    record_status: (r.record_status as string | null) ?? null,
    finished_at: r.finished_at ? new Date(r.finished_at as string).toISOString() : null,
    finished_by: num(r.finished_by),
    finished_by_name: (r.finished_by_name as string | null) ?? null,
  };
}

export async function visitHead(db: Db, id: number): Promise<VisitHead | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${visitHeadSelect} where v.id = ${id}`);
  return row ? toVisitHead(row) : undefined;
}

/**
 * A patient's visits, newest first, one page (visit_customer_date_idx), cancelled visits left out. `doctor`: only
 * the visits this doctor treated (a treating doctor without RM read).
 */
export async function patientVisits(
  db: Db,
  f: { scope: BranchScope; customer: number; doctor?: number; limit: number; offset: number },
): Promise<{ rows: VisitHead[]; count: number }> {
  const w: SQL[] = [sql`v.customer_id = ${f.customer}`, sql`v.status <> 'batal'`, scopeSql(sql`v.profile_id`, f.scope)];
  if (f.doctor) w.push(sql`v.doctor_id = ${f.doctor}`);
  const where = sql.join(w, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`${visitHeadSelect} where ${where} order by v.visit_date desc, v.id desc limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from visit v where ${where}`),
  ]);
  return { rows: rows.map(toVisitHead), count: Number(total?.n ?? 0) };
}

/** Whether this doctor treated any visit of the patient (in scope). */
export async function treatedPatient(db: Db, scope: BranchScope, customer: number, doctor: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from visit v where v.customer_id = ${customer} and v.doctor_id = ${doctor}
          and ${scopeSql(sql`v.profile_id`, scope)} limit 1`,
  );
  return !!row;
}

export async function patientHead(
  db: Db,
  id: number,
): Promise<
  | { id: number; name: string; username: string; role: number; birth_date: string | null; gender: number | null }
  | undefined
> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, name, username, role, birth_date::text as birth_date, gender from users where id = ${id}`,
  );
  return row
    ? {
        id: Number(row.id),
        name: String(row.name),
        username: String(row.username),
        role: Number(row.role),
        birth_date: (row.birth_date as string | null) ?? null,
        gender: num(row.gender),
      }
    : undefined;
}

/** The visit's record, created (draft) on the first write. Locks it for the caller's transaction. */
export async function ensureRecord(
  db: Db,
  v: { id: number; profile_id: number; customer_id: number; doctor_id: number; visit_date: string },
  by: number,
): Promise<RecordRow> {
  await db
    .insert(rmRecord)
    .values({
      profile_id: v.profile_id,
      visit_id: v.id,
      customer_id: v.customer_id,
      doctor_id: v.doctor_id,
      visit_date: v.visit_date,
      created_by: by,
    })
    .onConflictDoNothing({ target: rmRecord.visit_id });
  return lockRecord(db, v.id, 'share') as Promise<RecordRow>;
}

/**
 * The visit's record, locked: writers share the lock (they may work side by side), finishing takes it exclusively,
 * so no entry lands in a record while it is being finished.
 */
export async function lockRecord(db: Db, visitId: number, mode: 'share' | 'update'): Promise<RecordRow | undefined> {
  const [row] = await db.select().from(rmRecord).where(eq(rmRecord.visit_id, visitId)).for(mode);
  return row;
}

export async function finishRecord(db: Db, id: number, by: number, at: string): Promise<RecordRow | undefined> {
  const [row] = await db
    .update(rmRecord)
    .set({ status: 'finished', finished_at: at, finished_by: by })
    .where(and(eq(rmRecord.id, id), eq(rmRecord.status, 'draft')))
    .returning();
  return row;
}

export async function liveEntryCount(db: Db, recordId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rm_entry e join rm_entry_head h on h.entry_id = e.id
         where e.record_id = ${recordId} and not h.voided`,
  );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------------------

export async function insertEntry(db: Db, values: typeof rmEntry.$inferInsert): Promise<EntryRow> {
  const [row] = await db.insert(rmEntry).values(values).returning();
  return row;
}

export async function insertVersion(db: Db, values: VersionInsert): Promise<number> {
  const [row] = await db.insert(rmEntryVersion).values(values).returning({ id: rmEntryVersion.id });
  return row.id;
}

export async function insertDiagnoses(
  db: Db,
  profileId: number,
  versionId: number,
  list: { code: string; primary: boolean }[],
): Promise<void> {
  if (!list.length) return;
  await db.insert(rmDiagnosis).values(
    list.map((d, i) => ({
      profile_id: profileId,
      version_id: versionId,
      code: d.code,
      is_primary: d.primary,
      seq: i + 1,
    })),
  );
}

export async function insertProcedures(
  db: Db,
  profileId: number,
  versionId: number,
  list: { code: string }[],
): Promise<void> {
  if (!list.length) return;
  await db
    .insert(rmProcedure)
    .values(list.map((p, i) => ({ profile_id: profileId, version_id: versionId, code: p.code, seq: i + 1 })));
}

/** Copies the codes of one version onto another (a void keeps what it voids readable). */
export async function copyCodes(db: Db, fromVersion: number, toVersion: number): Promise<void> {
  await db.execute(sql`insert into rm_diagnosis (profile_id, version_id, code, is_primary, seq)
    select profile_id, ${toVersion}, code, is_primary, seq from rm_diagnosis where version_id = ${fromVersion}`);
  await db.execute(sql`insert into rm_procedure (profile_id, version_id, code, seq)
    select profile_id, ${toVersion}, code, seq from rm_procedure where version_id = ${fromVersion}`);
}

export async function insertPrescription(db: Db, values: typeof rmPrescription.$inferInsert): Promise<PrescriptionRow> {
  const [row] = await db.insert(rmPrescription).values(values).returning();
  return row;
}

export async function cancelPrescriptionIfEmpty(db: Db, prescriptionId: number): Promise<void> {
  await db.execute(sql`update rm_prescription set pharmacy_status = 'batal', updated_at = now()
    where id = ${prescriptionId} and pharmacy_status = 'menunggu'
      and not exists (select 1 from rm_entry e join rm_entry_head h on h.entry_id = e.id
                       where e.prescription_id = ${prescriptionId} and not h.voided)`);
}

export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(rmEntry).where(eq(rmEntry.id, id));
  return row;
}

/** The current version's row of an entry (raw columns) with its number and void flag. */
export async function currentVersionRow(
  db: Db,
  entryId: number,
): Promise<(typeof rmEntryVersion.$inferSelect & { voided: boolean }) | undefined> {
  const [row] = await db
    .select({ v: rmEntryVersion, voided: rmEntryHead.voided })
    .from(rmEntryVersion)
    .innerJoin(rmEntryHead, eq(rmEntryHead.version_id, rmEntryVersion.id))
    .where(eq(rmEntryHead.entry_id, entryId));
  return row ? { ...row.v, voided: !!row.voided } : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Masters the forms choose from (of the branch)
// ---------------------------------------------------------------------------------------------------------------

export async function perawatanOf(
  db: Db,
  branch: number,
  id: number,
): Promise<{ id: number; price: number; doctor_share: number; status: number } | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, price, doctor_share, status from perawatan where id = ${id} and profile_id = ${branch}`,
  );
  return row
    ? {
        id: Number(row.id),
        price: Number(row.price),
        doctor_share: Number(row.doctor_share),
        status: Number(row.status),
      }
    : undefined;
}

export async function itemOf(
  db: Db,
  branch: number,
  id: number,
): Promise<{ id: number; price: number; status: number; name: string; generic_name: string | null } | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, selling_price, status, name, generic_name from item where id = ${id} and profile_id = ${branch}`,
  );
  return row
    ? {
        id: Number(row.id),
        price: Number(row.selling_price),
        status: Number(row.status),
        name: String(row.name),
        generic_name: (row.generic_name as string | null) ?? null,
      }
    : undefined;
}

/** A lab form of the branch's lab master (Master Laboratorium) with its price in sen. */
export async function formLabOf(
  db: Db,
  branch: number,
  id: number,
): Promise<{ id: number; price: number; status: number } | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, price, status from form_lab where id = ${id} and profile_id = ${branch}`,
  );
  return row ? { id: Number(row.id), price: Number(row.price), status: Number(row.status) } : undefined;
}

/** Doctors of the branch: role 2 users of the branch or with an active practice in it. */
export async function branchDoctor(
  db: Db,
  branch: number,
  id: number,
): Promise<{ id: number; status: number } | undefined> {
  const [row] = await queryRows<{ id: number; status: number }>(
    db,
    sql`select u.id, u.status from users u
        where u.id = ${id} and u.role = 2
          and (u.profile_id = ${branch}
               or exists (select 1 from doctor_practice p where p.doctor_id = u.id and p.profile_id = ${branch} and p.status = 1))`,
  );
  return row ? { id: Number(row.id), status: Number(row.status) } : undefined;
}

/** A staff member (not a patient) of the branch, active. */
export async function branchStaff(db: Db, branch: number, id: number): Promise<boolean> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u where u.id = ${id} and u.role <> 1 and u.status = 1
          and (u.profile_id = ${branch}
               or exists (select 1 from doctor_practice p where p.doctor_id = u.id and p.profile_id = ${branch} and p.status = 1))`,
  );
  return !!row;
}

export async function missingCodes(db: Db, table: 'icd10' | 'icd9cm', codes: string[]): Promise<string[]> {
  if (!codes.length) return [];
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select code from ${sql.identifier(table)} where code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  const found = new Set(rows.map((r) => r.code));
  return codes.filter((c) => !found.has(c));
}

export interface OptionRow {
  id: number;
  code: string;
  name: string;
  price: number;
  unit?: string;
  /** Items: the active ingredient (matched against the allergies; searched too). */
  generic_name?: string | null;
}

export async function perawatanOptions(db: Db, branch: number, keyword: string | undefined): Promise<OptionRow[]> {
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (m) => '\\' + m).toLowerCase()}%` : null;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, code, name, price from perawatan where profile_id = ${branch} and status = 1
        ${like ? sql`and (lower(name) like ${like} or lower(code) like ${like})` : sql``}
        order by lower(name) limit 30`,
  );
  return rows.map((r) => ({ id: Number(r.id), code: String(r.code), name: String(r.name), price: Number(r.price) }));
}

export async function formLabOptions(db: Db, branch: number, keyword: string | undefined): Promise<OptionRow[]> {
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (m) => '\\' + m).toLowerCase()}%` : null;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, code, name, price from form_lab where profile_id = ${branch} and status = 1
        ${like ? sql`and (lower(name) like ${like} or lower(code) like ${like})` : sql``}
        order by lower(name) limit 30`,
  );
  return rows.map((r) => ({ id: Number(r.id), code: String(r.code), name: String(r.name), price: Number(r.price) }));
}

export async function itemOptions(db: Db, branch: number, keyword: string | undefined): Promise<OptionRow[]> {
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (m) => '\\' + m).toLowerCase()}%` : null;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, code, name, unit, selling_price, generic_name from item where profile_id = ${branch} and status = 1
        ${like ? sql`and (lower(name) like ${like} or lower(code) like ${like} or lower(generic_name) like ${like})` : sql``}
        order by lower(name) limit 30`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    code: String(r.code),
    name: String(r.name),
    unit: String(r.unit),
    price: Number(r.selling_price),
    generic_name: (r.generic_name as string | null) ?? null,
  }));
}

export async function staffOptions(db: Db, branch: number): Promise<{ id: number; name: string; role: number }[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select u.id, u.name, u.role from users u
        where u.status = 1 and u.role in (2, 8)
          and (u.profile_id = ${branch}
               or (u.role = 2 and exists (select 1 from doctor_practice p where p.doctor_id = u.id and p.profile_id = ${branch} and p.status = 1)))
        order by u.role, lower(u.name) limit 500`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), role: Number(r.role) }));
}

// ---------------------------------------------------------------------------------------------------------------
// Entries with their versions (batched: one query per kind of thing, whatever the number of visits)
// ---------------------------------------------------------------------------------------------------------------

export interface VersionRow {
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
  subjective: string | null;
  objective: string | null;
  assessment: string | null;
  plan: string | null;
  sistole: number | null;
  diastole: number | null;
  nadi: number | null;
  respirasi: number | null;
  suhu: number | null;
  spo2: number | null;
  berat: number | null;
  tinggi: number | null;
  bmi: number | null;
  perawatan_id: number | null;
  perawatan_code: string | null;
  perawatan_name: string | null;
  doctor_id: number | null;
  doctor_name: string | null;
  assistant_id: number | null;
  assistant_name: string | null;
  icd9cm: string | null;
  icd9cm_name_id: string | null;
  icd9cm_name_en: string | null;
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

const versionSelect = sql`
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
const versionJoins = sql`
    left join users ecb on ecb.id = e.created_by
    left join users vcb on vcb.id = v.created_by
    left join perawatan p on p.id = v.perawatan_id
    left join users du on du.id = v.doctor_id
    left join users au on au.id = v.assistant_id
    left join icd9cm i9 on i9.code = v.icd9cm
    left join item it on it.id = v.item_id
    left join form_lab fl on fl.id = v.form_lab_id`;

function toVersionRow(r: Record<string, unknown>): VersionRow {
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

// ---------------------------------------------------------------------------------------------------------------
// The read trail
// ---------------------------------------------------------------------------------------------------------------

export interface CorrectionRow {
  id: number;
  at: string;
  by_id: number | null;
  by_name: string | null;
  action: string;
  kind: string;
  entry_id: number;
  version: number;
  reason: string | null;
  visit_id: number;
  visit_code: string;
  visit_date: string;
  customer_id: number;
  customer_name: string;
  profile_id: number;
}

/**
 * What other users changed in this doctor's finished records (issue 25): versions written after the record was
 * finished by someone else (corrections, voids, and additions: version 1 of an entry created after finishing),
 * newest first.
 */
export async function correctionsFor(
  db: Db,
  doctor: number,
  limit: number,
  offset: number,
): Promise<{ rows: CorrectionRow[]; count: number }> {
  const from = sql`from rm_entry_version ev
      join rm_entry e on e.id = ev.entry_id
      join rm_record r on r.id = e.record_id
      join visit vi on vi.id = e.visit_id
      where vi.doctor_id = ${doctor} and r.status = 'finished' and ev.created_at >= r.finished_at
        and ev.created_by is distinct from ${doctor}`;
  const [rows, [total]] = await Promise.all([
    queryRows<CorrectionRow>(
      db,
      sql`select ev.id, ev.created_at::text as at, ev.created_by as by_id, u.name as by_name, ev.action, e.kind,
            e.id as entry_id, ev.version, ev.reason, vi.id as visit_id, vi.code as visit_code,
            vi.visit_date::text as visit_date, vi.customer_id, c.name as customer_name, vi.profile_id
          from (select ev.id ${from}) x
          join rm_entry_version ev on ev.id = x.id
          join rm_entry e on e.id = ev.entry_id
          join visit vi on vi.id = e.visit_id
          join users c on c.id = vi.customer_id
          left join users u on u.id = ev.created_by
          order by ev.created_at desc, ev.id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function accessLog(
  db: Db,
  customer: number,
  limit: number,
  offset: number,
): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select a.id, a.at, a.user_id, u.name as user_name, a.action, a.after from audit_log a
          left join users u on u.id = a.user_id
          where a.entity = 'rekam_medis' and a.entity_id = ${String(customer)}
          order by a.at desc, a.id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_log a where a.entity = 'rekam_medis' and a.entity_id = ${String(customer)}`,
    ),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// For other modules (front.ts): what a visit bills, what the pharmacy waits for
// ---------------------------------------------------------------------------------------------------------------

export async function billableOf(db: Db, visitId: number): Promise<VersionRow[]> {
  return (await currentEntries(db, [visitId], ['treatment', 'produk', 'bhp', 'resep', 'lab'])).filter((r) => !r.voided);
}

export async function waitingPrescriptions(
  db: Db,
  scope: BranchScope,
  f: { visit?: number; limit: number },
): Promise<PrescriptionRow[]> {
  const w: SQL[] = [
    scopeSql(rmPrescription.profile_id, scope),
    sql`${rmPrescription.pharmacy_status} in ('menunggu', 'sebagian')`,
  ];
  if (f.visit) w.push(eq(rmPrescription.visit_id, f.visit));
  return db
    .select()
    .from(rmPrescription)
    .where(and(...w))
    .orderBy(rmPrescription.created_at, rmPrescription.id)
    .limit(f.limit);
}

export async function prescriptionItems(db: Db, prescriptionIds: readonly number[]): Promise<VersionRow[]> {
  if (!prescriptionIds.length) return [];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${versionSelect}
    join rm_entry_version v on v.id = h.version_id
    ${versionJoins}
    where e.prescription_id in (${idList(prescriptionIds)})
    order by e.prescription_id, e.id`,
  );
  return rows.map(toVersionRow);
}

export async function setPharmacyStatus(
  db: Db,
  id: number,
  from: readonly string[],
  to: string,
  at: string,
): Promise<PrescriptionRow | undefined> {
  const [row] = await db
    .update(rmPrescription)
    .set({ pharmacy_status: to, updated_at: at })
    .where(
      and(
        eq(rmPrescription.id, id),
        sql`${rmPrescription.pharmacy_status} in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  return row;
}
