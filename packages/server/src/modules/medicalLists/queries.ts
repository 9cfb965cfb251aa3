import { sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { queryRows, type Db } from '../../db/client.js';
import type { MedicalListKind, RmSoapText } from '@klinik/shared';
import { likeOf } from '../../db/like.js';
import type { TreatmentAssistRow } from '../medicalRecords/index.js';

/**
 * The module's only SQL: the record lists read the medical record's tables (rm_record, rm_entry, rm_entry_head,
 * rm_entry_version, rm_diagnosis, rm_prescription; owned by the rekammedis module) and the progress photos
 * (visit_multimedia) read-only, one kind at a time, newest visit first. Every entry is shown in its current
 * version; voided entries stay listed (marked). Every query takes the branch scope it reads.
 */
export interface ListFilter {
  scope: BranchScope;
  fromdate?: string;
  todate?: string;
  doctor?: number;
  customer?: number;
  /** Part of the patient's name or NO RM. */
  keyword?: string;
  limit: number;
  offset: number;
}

/** The patient filter by keyword (name or NO RM), on the customer id column given. */
const patientLike = (column: SQL, keyword: string) =>
  sql`exists (select 1 from users pk where pk.id = ${column}
        and (lower(pk.name) like ${likeOf(keyword)} or lower(pk.username) like ${likeOf(keyword)}))`;

/** Columns every row has (the visit, its branch, patient and doctor). */
export interface BaseRow {
  id: number;
  visit_id: number;
  visit_code: string;
  visit_date: string;
  profile_id: number;
  branch_name: string;
  customer_id: number;
  customer_name: string;
  customer_username: string;
  doctor_id: number;
  doctor_name: string;
  created_at: string;
}
export interface EntryRow extends BaseRow, RmSoapText, TreatmentAssistRow {
  version: number;
  voided: boolean;
  record_status: string;
  diagnoses: { code: string; name_id: string; name_en: string; primary: boolean }[] | null;
  perawatan_id: number | null;
  perawatan_name: string | null;
  performer_id: number | null;
  performer_name: string | null;
  item_id: number | null;
  item_name: string | null;
  qty: number | null;
  price: string | number | null;
  signa: string | null;
  prescription_id: number | null;
  prescription_code: string | null;
  pharmacy_status: string | null;
}
export interface PhotoRow extends BaseRow {
  label: string | null;
  note: string | null;
  upload_at: string;
}

function range(f: ListFilter, date: SQL): SQL[] {
  const w: SQL[] = [];
  if (f.fromdate) w.push(sql`${date} >= ${f.fromdate}::date`);
  if (f.todate) w.push(sql`${date} <= ${f.todate}::date`);
  return w;
}

/** The entries of one kind (soap, treatment, produk, resep) with their current version; rows and the total. */
export async function listEntries(
  db: Db,
  kind: Exclude<MedicalListKind, 'foto'>,
  f: ListFilter,
): Promise<{ rows: EntryRow[]; count: number }> {
  const w: SQL[] = [sql`e.kind = ${kind}`, scopeSql(sql`e.profile_id`, f.scope), ...range(f, sql`r.visit_date`)];
  // A treatment's doctor is the one who performed it (their fee); the other kinds: the record's doctor.
  if (f.doctor) w.push(kind === 'treatment' ? sql`v.doctor_id = ${f.doctor}` : sql`r.doctor_id = ${f.doctor}`);
  if (f.customer) w.push(sql`e.customer_id = ${f.customer}`);
  if (f.keyword) w.push(patientLike(sql`e.customer_id`, f.keyword));
  const where = sql.join(w, sql` and `);
  const from = sql`rm_entry e
    join rm_entry_head h on h.entry_id = e.id
    join rm_entry_version v on v.id = h.version_id
    join rm_record r on r.id = e.record_id`;
  const [rows, [total]] = await Promise.all([
    queryRows<EntryRow>(
      db,
      sql`select e.id, e.visit_id, vi.code as visit_code, r.visit_date::text as visit_date, e.profile_id,
            p.name as branch_name, e.customer_id, c.name as customer_name, c.username as customer_username,
            r.doctor_id, d.name as doctor_name, e.created_at::text as created_at,
            h.version, h.voided, r.status as record_status,
            v.subjective, v.objective, v.assessment, v.plan,
            ${
              kind === 'soap'
                ? sql`(select json_agg(json_build_object('code', dg.code, 'name_id', i.name_id, 'name_en', i.name_en,
                        'primary', dg.is_primary) order by dg.is_primary desc, dg.seq)
                      from rm_diagnosis dg join icd10 i on i.code = dg.code where dg.version_id = v.id)`
                : sql`null`
            } as diagnoses,
            v.perawatan_id, pw.name as perawatan_name, v.doctor_id as performer_id, pf.name as performer_name,
            v.assistant_id, asst.name as assistant_name,
            v.icd9cm, i9.name_id as icd9cm_name_id, i9.name_en as icd9cm_name_en,
            v.item_id, it.name as item_name, v.qty, v.price, v.signa,
            e.prescription_id, rx.code as prescription_code, rx.pharmacy_status
          from ${from}
          join visit vi on vi.id = e.visit_id
          join profile p on p.id = e.profile_id
          join users c on c.id = e.customer_id
          join users d on d.id = r.doctor_id
          left join perawatan pw on pw.id = v.perawatan_id
          left join users pf on pf.id = v.doctor_id
          left join users asst on asst.id = v.assistant_id
          left join icd9cm i9 on i9.code = v.icd9cm
          left join item it on it.id = v.item_id
          left join rm_prescription rx on rx.id = e.prescription_id
          where ${where}
          order by r.visit_date desc, e.id desc
          limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** Progress photos shown (not hidden), newest visit first; the doctor is the visit's. */
export async function listPhotos(db: Db, f: ListFilter): Promise<{ rows: PhotoRow[]; count: number }> {
  const w: SQL[] = [sql`m.status = 1`, scopeSql(sql`m.profile_id`, f.scope), ...range(f, sql`vi.visit_date`)];
  if (f.doctor) w.push(sql`vi.doctor_id = ${f.doctor}`);
  if (f.customer) w.push(sql`m.customer_id = ${f.customer}`);
  if (f.keyword) w.push(patientLike(sql`m.customer_id`, f.keyword));
  const where = sql.join(w, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<PhotoRow>(
      db,
      sql`select m.id, m.visit_id, vi.code as visit_code, vi.visit_date::text as visit_date, m.profile_id,
            p.name as branch_name, m.customer_id, c.name as customer_name, c.username as customer_username,
            vi.doctor_id, d.name as doctor_name, m.created_at::text as created_at,
            l.name as label, m.note, m.upload_at::text as upload_at
          from visit_multimedia m
          join visit vi on vi.id = m.visit_id
          join profile p on p.id = m.profile_id
          join users c on c.id = m.customer_id
          join users d on d.id = vi.doctor_id
          left join multimedia_label l on l.id = m.label_id
          where ${where}
          order by vi.visit_date desc, m.id desc
          limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from visit_multimedia m join visit vi on vi.id = m.visit_id where ${where}`,
    ),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

// ------------------------------------------------------------------------------------------------ printouts

export interface PrintHead {
  visit_id: number;
  visit_code: string;
  visit_date: string;
  visit_kind: string;
  visit_status: string;
  complaint: string | null;
  profile_id: number;
  branch_name: string;
  branch_address: string | null;
  branch_city: string | null;
  branch_phone: string | null;
  branch_email: string | null;
  branch_logo: string | null;
  branch_timezone: string;
  customer_id: number;
  patient_name: string;
  patient_norm: string;
  patient_idcard: string | null;
  patient_gender: number | null;
  patient_birth_place: string | null;
  patient_birth_date: string | null;
  patient_address: string | null;
  patient_city: string | null;
  patient_phone: string | null;
  doctor_id: number;
  doctor_name: string;
  doctor_sip: string | null;
  doctor_specialization: string | null;
  record_status: string | null;
  finished_at: string | null;
}

/** The visit with its branch (letterhead), patient, doctor with the SIP of that branch, and the record's status. */
export async function printHead(db: Db, visitId: number): Promise<PrintHead | undefined> {
  const [row] = await queryRows<PrintHead>(
    db,
    sql`select vi.id as visit_id, vi.code as visit_code, vi.visit_date::text as visit_date, vi.kind as visit_kind,
          vi.status as visit_status, vi.complaint, vi.profile_id, p.name as branch_name, p.address as branch_address, p.city as branch_city,
          p.phone as branch_phone, p.email as branch_email, p.logo as branch_logo, p.timezone as branch_timezone,
          vi.customer_id, c.name as patient_name, c.username as patient_norm, c.idcard as patient_idcard,
          c.gender as patient_gender, c.birth_place as patient_birth_place, c.birth_date::text as patient_birth_date,
          c.address as patient_address, c.city as patient_city, c.phone as patient_phone,
          vi.doctor_id, d.name as doctor_name, dp.sip_number as doctor_sip, dp.specialization as doctor_specialization,
          r.status as record_status, r.finished_at::text as finished_at
        from visit vi
        join profile p on p.id = vi.profile_id
        join users c on c.id = vi.customer_id
        join users d on d.id = vi.doctor_id
        left join doctor_practice dp on dp.profile_id = vi.profile_id and dp.doctor_id = vi.doctor_id
        left join rm_record r on r.visit_id = vi.id
        where vi.id = ${visitId}`,
  );
  return row;
}

export interface PrintEntry extends RmSoapText {
  id: number;
  kind: string;
  prescription_id: number | null;
  version: number;
  sistole: number | null;
  diastole: number | null;
  nadi: number | null;
  respirasi: number | null;
  suhu: string | null;
  spo2: number | null;
  berat: string | null;
  tinggi: string | null;
  bmi: string | null;
  diagnoses: { code: string; name_id: string; name_en: string; primary: boolean }[] | null;
  procedures: { code: string; name_id: string; name_en: string }[] | null;
  perawatan_name: string | null;
  performer_name: string | null;
  icd9cm: string | null;
  icd9cm_name_en: string | null;
  item_name: string | null;
  item_unit: string | null;
  qty: number | null;
  signa: string | null;
  allergen: string | null;
  note: string | null;
  /** A prescription item given although it matches a recorded allergy: the prescriber's reason. */
  allergy_override?: string | null;
  created_at: string;
}

/** A visit's entries in their current version, voided ones left out (a printout shows what stands), oldest first. */
export async function printEntries(db: Db, visitId: number): Promise<PrintEntry[]> {
  return queryRows<PrintEntry>(
    db,
    sql`select e.id, e.kind, e.prescription_id, h.version,
          v.subjective, v.objective, v.assessment, v.plan, v.sistole, v.diastole, v.nadi, v.respirasi,
          v.suhu::text as suhu, v.spo2, v.berat::text as berat, v.tinggi::text as tinggi, v.bmi::text as bmi,
          (select json_agg(json_build_object('code', dg.code, 'name_id', i.name_id, 'name_en', i.name_en,
              'primary', dg.is_primary) order by dg.is_primary desc, dg.seq)
            from rm_diagnosis dg join icd10 i on i.code = dg.code where dg.version_id = v.id) as diagnoses,
          (select json_agg(json_build_object('code', pr.code, 'name_id', i.name_id, 'name_en', i.name_en) order by pr.seq)
            from rm_procedure pr join icd9cm i on i.code = pr.code where pr.version_id = v.id) as procedures,
          pw.name as perawatan_name, pf.name as performer_name, v.icd9cm, i9.name_en as icd9cm_name_en,
          it.name as item_name, it.unit as item_unit, v.qty, v.signa, v.allergen, v.note, v.allergy_override,
          e.created_at::text as created_at
        from rm_entry e
        join rm_entry_head h on h.entry_id = e.id and not h.voided
        join rm_entry_version v on v.id = h.version_id
        left join perawatan pw on pw.id = v.perawatan_id
        left join users pf on pf.id = v.doctor_id
        left join icd9cm i9 on i9.code = v.icd9cm
        left join item it on it.id = v.item_id
        where e.visit_id = ${visitId}
        order by e.id`,
  );
}

export interface PrescriptionHead {
  id: number;
  code: string;
  visit_id: number;
  note: string | null;
  created_at: string;
  /** 'batal' once every item is voided: printed with a BATAL mark. */
  pharmacy_status: string;
  voided_at: string | null;
  void_reason: string | null;
}

/**
 * The items of a cancelled prescription as they were before the void (the void marker keeps the content), so the
 * printout says what is no longer valid.
 */
export async function voidedPrescriptionItems(db: Db, prescriptionId: number): Promise<PrintEntry[]> {
  return queryRows<PrintEntry>(
    db,
    sql`select e.id, e.kind, e.prescription_id, h.version, it.name as item_name, it.unit as item_unit, v.qty, v.signa,
          v.allergy_override, e.created_at::text as created_at
        from rm_entry e
        join rm_entry_head h on h.entry_id = e.id and h.voided
        join rm_entry_version v on v.id = h.version_id
        left join item it on it.id = v.item_id
        where e.prescription_id = ${prescriptionId}
        order by e.id`,
  );
}

/** A prescription header (the visit it belongs to). */
export async function findPrescription(db: Db, id: number): Promise<PrescriptionHead | undefined> {
  const [row] = await queryRows<PrescriptionHead>(
    db,
    sql`select id, code, visit_id, note, created_at::text as created_at, pharmacy_status,
          (select max(v.created_at)::text from rm_entry e join rm_entry_head h on h.entry_id = e.id and h.voided
             join rm_entry_version v on v.id = h.version_id where e.prescription_id = p.id) as voided_at,
          (select string_agg(v.reason, '; ' order by e.id) from rm_entry e join rm_entry_head h on h.entry_id = e.id and h.voided
             join rm_entry_version v on v.id = h.version_id where e.prescription_id = p.id) as void_reason
        from rm_prescription p where id = ${id}`,
  );
  return row;
}

/** Doctors of the branches in scope (role 2, active, or practising there), for the lists' doctor filter. */
export async function doctorsInScope(db: Db, scope: BranchScope): Promise<{ id: number; name: string }[]> {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select distinct u.id, u.name from users u
        where u.role = 2 and u.status = 1
          and (${scopeSql(sql`u.profile_id`, scope)}
               or exists (select 1 from doctor_practice dp where dp.doctor_id = u.id and dp.status = 1
                          and ${scopeSql(sql`dp.profile_id`, scope)}))
        order by u.name, u.id`,
  );
}

// ------------------------------------------------------------------------------------------------ sick letters

export interface SickLetterRow {
  id: number;
  profile_id: number;
  visit_id: number;
  customer_id: number;
  doctor_id: number;
  doctor_name: string;
  code: string;
  days: number;
  start_date: string;
  end_date: string;
  diagnosis: string | null;
  created_at: string;
  /** The issue date in the branch's time zone (the letter's date). */
  issued_on: string;
}

/** The letter issued for a visit (at most one). */
export async function sickLetterOf(db: Db, visitId: number): Promise<SickLetterRow | undefined> {
  const [row] = await queryRows<SickLetterRow>(
    db,
    sql`select l.id, l.profile_id, l.visit_id, l.customer_id, l.doctor_id, d.name as doctor_name, l.code, l.days,
          l.start_date::text as start_date, l.end_date::text as end_date, l.diagnosis, l.created_at::text as created_at,
          (l.created_at at time zone p.timezone)::date::text as issued_on
        from rm_sick_letter l join users d on d.id = l.doctor_id join profile p on p.id = l.profile_id
        where l.visit_id = ${visitId}`,
  );
  return row;
}

export async function insertSickLetter(
  db: Db,
  v: {
    profile_id: number;
    record_id: number;
    visit_id: number;
    customer_id: number;
    doctor_id: number;
    code: string;
    days: number;
    start_date: string;
    end_date: string;
    diagnosis: string | null;
    created_by: number;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into rm_sick_letter (profile_id, record_id, visit_id, customer_id, doctor_id, code, days, start_date,
          end_date, diagnosis, created_by)
        values (${v.profile_id}, ${v.record_id}, ${v.visit_id}, ${v.customer_id}, ${v.doctor_id}, ${v.code}, ${v.days},
          ${v.start_date}, ${v.end_date}, ${v.diagnosis}, ${v.created_by})
        returning id`,
  );
  return Number(row.id);
}

/** The record of a visit (id, status), for the letter's checks. */
export async function recordOfVisit(db: Db, visitId: number): Promise<{ id: number; status: string } | undefined> {
  const [row] = await queryRows<{ id: number; status: string }>(
    db,
    sql`select id, status from rm_record where visit_id = ${visitId} for share`,
  );
  return row;
}
