/**
 * The medical record module's front door (issue 12): the only file other modules, seeds, tests and the app import.
 * Tables: rm_record, rm_entry, rm_entry_version, rm_entry_head, rm_diagnosis, rm_procedure, rm_prescription,
 * icd10, icd9cm (db/schema/medical-records.ts).
 */
export { medicalRecordsRouter } from './router.js';
export { medicalRecordsEndpoints } from './endpoints.js';
export {
  RM_VISIT,
  RM_PATIENT,
  RM_SOAP,
  RM_TREATMENT_ENTRY,
  RM_PRODUK_ENTRY,
  RM_BHP_ENTRY,
  RM_RESEP_ENTRY,
  RM_ALERGI_ENTRY,
  RM_LAB_ENTRY,
  medicalRecordsEntities,
} from './entities.js';
export {
  billableEntriesOfVisit,
  prescriptionsWaiting,
  setPrescriptionStatus,
  type BillableItem,
  type BillableLab,
  type BillableResepItem,
  type BillableTreatment,
  type VisitBillables,
  type WaitingPrescription,
} from './front.js';
export { onRecordFinished, type RecordFinishedHook } from './service.js';
export { allergyOverrides, patientAllergens } from './allergy.js';
/** Who may read a visit's record (for endpoints of other modules that show part of it: the SATUSEHAT badge). */
export { authorizeVisitRead } from './access.js';
export type { TreatmentAssistRow } from './queries/entries.js';
/** Writing a treatment and finishing a record (the demo seed's second branch examines its visits through them). */
export { createTreatment as recordTreatment, finish as finishRecord } from './service.js';
