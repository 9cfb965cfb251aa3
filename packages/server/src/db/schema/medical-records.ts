import { sql } from 'drizzle-orm';
import {
  pgTable,
  integer,
  smallint,
  text,
  varchar,
  numeric,
  index,
  uniqueIndex,
  check,
  foreignKey,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './core.js';
import * as col from './columns.js';
import { formLab, item, perawatan } from './paket.js';
import { visit } from './service.js';

/**
 * Electronic medical record (rekam medis, issue 12; Permenkes 24/2022). Every row is branch-owned (profile_id) and
 * kept forever. Clinical content is append-only: an entry (rm_entry, the logical thing: a SOAP note, a treatment, a
 * product, a consumable, a prescription item, an allergy) never changes; its content lives in versions
 * (rm_entry_version: 1 = as written, then corrections and at most one void marker, each with who, when, why).
 * The current version is read through rm_entry_head, a pointer only the version trigger may move. PostgreSQL
 * refuses UPDATE and DELETE of clinical rows (drizzle/*_medical_records_rules.sql). Vocabulary:
 * packages/shared/src/schemas/medical-records.ts.
 */

/** ICD-10 (WHO 2010 as used in Indonesia): diagnoses. Loaded by the icd module's migration/seed. */
export const icd10 = pgTable('icd10', {
  code: varchar('code', { length: 10 }).primaryKey(),
  name_id: text('name_id').notNull(),
  name_en: text('name_en').notNull(),
});

/** ICD-9-CM volume 3: procedures. Loaded by the icd module's migration/seed. */
export const icd9cm = pgTable('icd9cm', {
  code: varchar('code', { length: 10 }).primaryKey(),
  name_id: text('name_id').notNull(),
  name_en: text('name_en').notNull(),
});

/**
 * The record of one visit. status: draft -> finished (the only change the database allows, once). customer,
 * doctor and visit date are copied from the visit so the patient timeline reads one index.
 */
export const rmRecord = pgTable(
  'rm_record',
  {
    ...col.branchKeys(),
    visit_id: col.ref('visit_id', () => visit.id),
    customer_id: col.ref('customer_id', () => users.id),
    doctor_id: col.ref('doctor_id', () => users.id),
    visit_date: col.day('visit_date').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    finished_at: col.ts('finished_at'),
    finished_by: col.userRef('finished_by'),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
  },
  (t) => [
    uniqueIndex('rm_record_visit_idx').on(t.visit_id),
    index('rm_record_customer_date_idx').on(t.customer_id, t.visit_date.desc(), t.id.desc()),
    index('rm_record_profile_date_idx').on(t.profile_id, t.visit_date),
    check('rm_record_status_chk', sql`${t.status} in ('draft', 'finished')`),
    check(
      'rm_record_finished_chk',
      sql`(${t.status} = 'finished') = (${t.finished_at} is not null and ${t.finished_by} is not null)`,
    ),
  ],
);

/** The first columns of a row of a visit's record (prescription, entry, letter): branch, record, visit, patient. */
const recordKeys = () => ({
  ...col.branchKeys(),
  record_id: col.ref('record_id', () => rmRecord.id),
  visit_id: col.ref('visit_id', () => visit.id),
  customer_id: col.ref('customer_id', () => users.id),
});

/**
 * A prescription (resep) of a visit: the header the pharmacy works from. Its items are rm_entry rows of kind
 * 'resep' pointing here. pharmacy_status (menunggu -> sebagian -> diserahkan; batal) is the only column that may
 * change, by the inventory module's dispensing.
 */
export const rmPrescription = pgTable(
  'rm_prescription',
  {
    ...recordKeys(),
    doctor_id: col.ref('doctor_id', () => users.id),
    code: col.docCode(),
    note: text('note'),
    pharmacy_status: varchar('pharmacy_status', { length: 20 }).notNull().default('menunggu'),
    ...col.written(),
    updated_at: col.updatedAt(),
  },
  (t) => [
    uniqueIndex('rm_prescription_profile_code_idx').on(t.profile_id, t.code),
    uniqueIndex('rm_prescription_idempotency_idx')
      .on(t.profile_id, t.idempotency_key)
      .where(sql`${t.idempotency_key} is not null`),
    index('rm_prescription_visit_idx').on(t.visit_id),
    index('rm_prescription_pharmacy_idx').on(t.profile_id, t.pharmacy_status, t.created_at),
    check('rm_prescription_status_chk', sql`${t.pharmacy_status} in ('menunggu', 'sebagian', 'diserahkan', 'batal')`),
  ],
);

/**
 * A logical clinical entry of a record. kind: soap | treatment | produk | bhp | resep | alergi | lab. Never changes;
 * its content is in rm_entry_version.
 */
export const rmEntry = pgTable(
  'rm_entry',
  {
    ...recordKeys(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The prescription a 'resep' item belongs to (null for the other kinds). */
    prescription_id: integer('prescription_id').references(() => rmPrescription.id),
    ...col.written(),
  },
  (t) => [
    unique('rm_entry_id_kind_key').on(t.id, t.kind),
    uniqueIndex('rm_entry_idempotency_idx')
      .on(t.profile_id, t.idempotency_key)
      .where(sql`${t.idempotency_key} is not null`),
    index('rm_entry_visit_idx').on(t.visit_id, t.kind),
    // Issue 33: finishing a record and the pharmacy's BHP read a record's entries (a scan of rm_entry without it).
    index('rm_entry_record_idx').on(t.record_id, t.kind),
    index('rm_entry_customer_kind_idx').on(t.customer_id, t.kind),
    index('rm_entry_profile_kind_idx').on(t.profile_id, t.kind, t.created_at),
    index('rm_entry_prescription_idx').on(t.prescription_id),
    check('rm_entry_kind_chk', sql`${t.kind} in ('soap', 'treatment', 'produk', 'bhp', 'resep', 'alergi', 'lab')`),
    check('rm_entry_prescription_chk', sql`(${t.kind} = 'resep') = (${t.prescription_id} is not null)`),
  ],
);

/**
 * One version of an entry's content. version 1 is the entry as written (action 'create'), each correction adds
 * the next number (action 'correct', reason required), a void adds a last version (action 'void', reason required,
 * content copied from the version it voids). The columns used depend on the kind (checks below). Money in sen:
 * the price of the treatment/item at the visit and the doctor's share, per unit.
 */
export const rmEntryVersion = pgTable(
  'rm_entry_version',
  {
    ...col.branchKeys(),
    entry_id: integer('entry_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    version: smallint('version').notNull(),
    action: varchar('action', { length: 10 }).notNull(),
    reason: text('reason'),
    // SOAP
    subjective: text('subjective'),
    objective: text('objective'),
    assessment: text('assessment'),
    plan: text('plan'),
    // Vital signs (SOAP): mmHg, per minute, degrees Celsius, percent, kg, cm. BMI computed by PostgreSQL.
    sistole: smallint('sistole'),
    diastole: smallint('diastole'),
    nadi: smallint('nadi'),
    respirasi: smallint('respirasi'),
    suhu: numeric('suhu', { precision: 4, scale: 1 }),
    spo2: smallint('spo2'),
    berat: numeric('berat', { precision: 5, scale: 1 }),
    tinggi: numeric('tinggi', { precision: 5, scale: 1 }),
    bmi: numeric('bmi', { precision: 5, scale: 1 }).generatedAlwaysAs(
      sql`case when berat is not null and tinggi is not null and tinggi > 0 then round(berat / ((tinggi / 100.0) * (tinggi / 100.0)), 1) end`,
    ),
    // Treatment
    perawatan_id: integer('perawatan_id').references(() => perawatan.id),
    doctor_id: col.userRef('doctor_id'),
    assistant_id: col.userRef('assistant_id'),
    icd9cm: varchar('icd9cm', { length: 10 }).references(() => icd9cm.code),
    // Product, consumable (BHP), prescription item
    item_id: integer('item_id').references(() => item.id),
    signa: varchar('signa', { length: 200 }),
    /** Prescription item: why it is prescribed although it matches a recorded allergy (who/when: this version's). */
    allergy_override: text('allergy_override'),
    // Lab form (of the branch's lab master, form_lab); its note is `note`
    form_lab_id: integer('form_lab_id').references(() => formLab.id),
    // Treatment, product, BHP, prescription item, lab form
    qty: integer('qty'),
    price: col.money('price'),
    doctor_share: col.money('doctor_share'),
    // Allergy (allergen, note); lab form (note)
    allergen: varchar('allergen', { length: 200 }),
    note: text('note'),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.entry_id, t.kind], foreignColumns: [rmEntry.id, rmEntry.kind] }).onDelete('restrict'),
    uniqueIndex('rm_entry_version_entry_version_idx').on(t.entry_id, t.version),
    check('rm_entry_version_action_chk', sql`${t.action} in ('create', 'correct', 'void')`),
    check(
      'rm_entry_version_reason_chk',
      sql`(${t.action} = 'create' and ${t.version} = 1) or (${t.action} <> 'create' and ${t.version} > 1 and length(trim(coalesce(${t.reason}, ''))) > 0)`,
    ),
    check(
      'rm_entry_version_vitals_chk',
      sql`(${t.sistole} is null or ${t.sistole} between 40 and 300) and (${t.diastole} is null or ${t.diastole} between 20 and 200)
        and (${t.nadi} is null or ${t.nadi} between 20 and 250) and (${t.respirasi} is null or ${t.respirasi} between 4 and 80)
        and (${t.suhu} is null or ${t.suhu} between 30 and 45) and (${t.spo2} is null or ${t.spo2} between 50 and 100)
        and (${t.berat} is null or ${t.berat} between 0.5 and 400) and (${t.tinggi} is null or ${t.tinggi} between 20 and 260)`,
    ),
    check(
      'rm_entry_version_kind_chk',
      sql`case ${t.kind}
        when 'treatment' then ${t.perawatan_id} is not null and ${t.doctor_id} is not null and ${t.qty} >= 1 and ${t.price} >= 0 and ${t.doctor_share} >= 0
        when 'produk' then ${t.item_id} is not null and ${t.qty} >= 1 and ${t.price} >= 0
        when 'bhp' then ${t.item_id} is not null and ${t.qty} >= 1
        when 'resep' then ${t.item_id} is not null and ${t.qty} >= 1 and length(trim(coalesce(${t.signa}, ''))) > 0
        when 'alergi' then length(trim(coalesce(${t.allergen}, ''))) > 0
        when 'lab' then ${t.form_lab_id} is not null and ${t.qty} >= 1 and ${t.price} >= 0
        else true end`,
    ),
    index('rm_entry_version_profile_created_idx').on(t.profile_id, t.kind, t.created_at),
  ],
);

/**
 * The current version of each entry (a pointer, not clinical content): written only by the trigger on
 * rm_entry_version, which also refuses a version that does not follow the current one (concurrent corrections)
 * and any version after a void.
 */
export const rmEntryHead = pgTable(
  'rm_entry_head',
  {
    entry_id: integer('entry_id')
      .primaryKey()
      .references(() => rmEntry.id),
    version_id: col.ref('version_id', () => rmEntryVersion.id),
    version: smallint('version').notNull(),
    voided: col.flag('voided'),
    updated_at: col.updatedAt(),
  },
  (t) => [uniqueIndex('rm_entry_head_version_idx').on(t.version_id)],
);

/** ICD-10 diagnoses of a SOAP version (exactly one primary when any). */
export const rmDiagnosis = pgTable(
  'rm_diagnosis',
  {
    ...col.branchKeys(),
    version_id: col.ref('version_id', () => rmEntryVersion.id),
    code: varchar('code', { length: 10 })
      .notNull()
      .references(() => icd10.code),
    is_primary: col.flag('is_primary'),
    seq: smallint('seq').notNull(),
    created_at: col.createdAt(),
  },
  (t) => [
    uniqueIndex('rm_diagnosis_version_code_idx').on(t.version_id, t.code),
    uniqueIndex('rm_diagnosis_primary_idx')
      .on(t.version_id)
      .where(sql`${t.is_primary}`),
    index('rm_diagnosis_code_idx').on(t.code),
  ],
);

/** ICD-9-CM procedures of a SOAP version. */
export const rmProcedure = pgTable(
  'rm_procedure',
  {
    ...col.branchKeys(),
    version_id: col.ref('version_id', () => rmEntryVersion.id),
    code: varchar('code', { length: 10 })
      .notNull()
      .references(() => icd9cm.code),
    seq: smallint('seq').notNull(),
    created_at: col.createdAt(),
  },
  (t) => [
    uniqueIndex('rm_procedure_version_code_idx').on(t.version_id, t.code),
    index('rm_procedure_code_idx').on(t.code),
  ],
);

/**
 * A sick-leave letter (Surat Keterangan Sakit, issue 25): issued once per visit by the visit's treating doctor for a
 * finished record, stored when issued (number from the numbering service, days, dates, the diagnosis text when asked
 * for) so a reprint reproduces exactly it. Never changed nor deleted (rm_append_only, drizzle custom migration).
 */
export const rmSickLetter = pgTable(
  'rm_sick_letter',
  {
    ...recordKeys(),
    doctor_id: col.ref('doctor_id', () => users.id),
    code: col.docCode(),
    days: smallint('days').notNull(),
    start_date: col.day('start_date').notNull(),
    end_date: col.day('end_date').notNull(),
    diagnosis: text('diagnosis'),
    created_by: col.userRef('created_by').notNull(),
    created_at: col.createdAt(),
  },
  (t) => [
    uniqueIndex('rm_sick_letter_visit_idx').on(t.visit_id),
    uniqueIndex('rm_sick_letter_profile_code_idx').on(t.profile_id, t.code),
    index('rm_sick_letter_profile_idx').on(t.profile_id),
    check('rm_sick_letter_days_chk', sql`${t.days} between 1 and 30`),
    check('rm_sick_letter_dates_chk', sql`${t.end_date} = ${t.start_date} + (${t.days} - 1)`),
    check('rm_sick_letter_doctor_chk', sql`${t.created_by} = ${t.doctor_id}`),
  ],
);
