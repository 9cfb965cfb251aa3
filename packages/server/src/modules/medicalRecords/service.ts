/**
 * The electronic medical record (issue 12). A visit's record is created (draft) by its first entry; every entry is
 * written as version 1 and changed only by adding versions (a correction with a reason, or a void with a reason);
 * the database refuses anything else (drizzle/0023_medical_records_rules.sql). Finishing the record moves the visit
 * to 'selesai' (ready for the cashier) in the same transaction; after that, every change needs the correction right
 * (RM_PERBAIKAN manage) and a reason. Reads are allowed per kind (RM_* read) or to the treating doctor, and each read
 * of a patient's record is written to the audit log (entity 'rekam_medis', keyed by the patient).
 */
export * from './reads.js';
export * from './writes.js';
export * from './amend.js';
export * from './finish.js';
