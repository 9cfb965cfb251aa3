/** SATUSEHAT code systems, identifier systems and the vital-sign LOINC table. */
import type { VitalName } from '@klinik/shared';

export const ICD10_SYSTEM = 'http://hl7.org/fhir/sid/icd-10';
export const ICD9CM_SYSTEM = 'http://hl7.org/fhir/sid/icd-9-cm';
export const KFA_SYSTEM = 'http://sys-ids.kemkes.go.id/kfa';
export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
export const NIK_SYSTEM = 'https://fhir.kemkes.go.id/id/nik';
export const IHS_SYSTEM_PREFIX = 'http://sys-ids.kemkes.go.id/';
export const ENCOUNTER_CLASS_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
export const OBSERVATION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const CONDITION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/condition-category';
export const CONDITION_CLINICAL_SYSTEM = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
export const DIAGNOSIS_ROLE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/diagnosis-role';
export const PARTICIPANT_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType';
export const MEDICATIONREQUEST_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/medicationrequest-category';
export const MEDICATIONDISPENSE_CATEGORY_SYSTEM =
  'http://terminology.hl7.org/fhir/CodeSystem/medicationdispense-category';
/** SATUSEHAT's extension saying whether a medicine is compounded (racikan) or not. */
export const MEDICATION_TYPE_EXTENSION = 'https://fhir.kemkes.go.id/r4/StructureDefinition/MedicationType';
export const MEDICATION_TYPE_SYSTEM = 'http://terminology.kemkes.go.id/CodeSystem/medication-type';

/** The kinds of SATUSEHAT identifier systems we use: `http://sys-ids.kemkes.go.id/{kind}/{org id}`. */
export type SysIdKind =
  'encounter' | 'condition' | 'observation' | 'procedure' | 'medication' | 'prescription' | 'prescription-item';

/** The Organization's own identifier system for a kind of resource (a resend finds the earlier one by it). */
export function sysId(kind: SysIdKind, orgId: string): string {
  return `${IHS_SYSTEM_PREFIX}${kind}/${orgId}`;
}

export interface VitalLoinc {
  code: string;
  display: string;
  /** UCUM unit code and its human text. */
  unitCode: string;
  unit: string;
}

/** Every vital sign the record keeps, with its LOINC code and UCUM unit (all vital-signs category). */
export const VITAL_LOINC: Record<VitalName, VitalLoinc> = {
  sistole: { code: '8480-6', display: 'Systolic blood pressure', unitCode: 'mm[Hg]', unit: 'mmHg' },
  diastole: { code: '8462-4', display: 'Diastolic blood pressure', unitCode: 'mm[Hg]', unit: 'mmHg' },
  nadi: { code: '8867-4', display: 'Heart rate', unitCode: '/min', unit: 'beats/minute' },
  respirasi: { code: '9279-1', display: 'Respiratory rate', unitCode: '/min', unit: 'breaths/minute' },
  suhu: { code: '8310-5', display: 'Body temperature', unitCode: 'Cel', unit: 'C' },
  spo2: {
    code: '59408-5',
    display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
    unitCode: '%',
    unit: '%',
  },
  berat: { code: '29463-7', display: 'Body weight', unitCode: 'kg', unit: 'kg' },
  tinggi: { code: '8302-2', display: 'Body height', unitCode: 'cm', unit: 'cm' },
};
