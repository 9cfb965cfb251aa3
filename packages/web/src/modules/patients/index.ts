/**
 * The patients module's front door: what other modules may use of it (lint forbids importing its files directly):
 * the new-patient form and dialog, the duplicate check, the merge section and the payload helpers.
 */
export { PatientMergeSection } from './components/PatientMerge';
export { NewPatientDialog } from './components/NewPatientDialog';
export { PatientFields, usePatientForm, type PatientForm } from './components/PatientFields';
export { DuplicatePatientsDialog, useDuplicateCheck } from './components/DuplicatePatientsDialog';
export { compactPatientPayload, EMPTY_PATIENT, patientUpdatePayload, type NewPatientValues } from './lib';
