import { entity } from '../../http/access-scope.js';

/**
 * What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). A visit's
 * record is addressed by the visit id; a patient's timeline by the patient id; entries by their id, one entity per
 * kind so each route's factory makes the right kind.
 */
export const RM_VISIT = entity({
  name: 'medicalRecords.visit',
  table: 'visit',
  branchColumn: 'profile_id',
  notFound: 'Kunjungan tidak ditemukan',
});
/** A prescription (the pharmacy's handle on it; no REST route takes its id here). */
export const RM_PRESCRIPTION = entity({
  name: 'medicalRecords.prescription',
  table: 'rm_prescription',
  branchColumn: 'profile_id',
  notFound: 'Resep tidak ditemukan',
});
export const RM_PATIENT = entity({
  name: 'medicalRecords.patient',
  table: 'users',
  branchColumn: 'profile_id',
  notFound: 'Pasien tidak ditemukan',
});
const entryEntity = (kind: string) =>
  entity({
    name: `medicalRecords.${kind}`,
    table: 'rm_entry',
    branchColumn: 'profile_id',
    notFound: 'Entri rekam medis tidak ditemukan',
  });
export const RM_SOAP = entryEntity('soap');
export const RM_TREATMENT_ENTRY = entryEntity('treatment');
export const RM_PRODUK_ENTRY = entryEntity('produk');
export const RM_BHP_ENTRY = entryEntity('bhp');
export const RM_RESEP_ENTRY = entryEntity('resep');
export const RM_ALERGI_ENTRY = entryEntity('alergi');
export const RM_LAB_ENTRY = entryEntity('lab');

export const RM_ENTRY_ENTITY = {
  soap: RM_SOAP,
  treatment: RM_TREATMENT_ENTRY,
  produk: RM_PRODUK_ENTRY,
  bhp: RM_BHP_ENTRY,
  resep: RM_RESEP_ENTRY,
  alergi: RM_ALERGI_ENTRY,
  lab: RM_LAB_ENTRY,
} as const;

export const medicalRecordsEntities = [RM_VISIT, RM_PATIENT, RM_PRESCRIPTION, ...Object.values(RM_ENTRY_ENTITY)];
