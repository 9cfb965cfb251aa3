/**
 * One FHIR R4 resource per function, shaped as the SATUSEHAT outpatient guide shows them. Each gets what it refers
 * to as SATUSEHAT ids (`ref`); the planner (plan.ts) decides the order and the identifiers.
 */
import type { VitalName } from '@klinik/shared';
import {
  CONDITION_CATEGORY_SYSTEM,
  CONDITION_CLINICAL_SYSTEM,
  DIAGNOSIS_ROLE_SYSTEM,
  ENCOUNTER_CLASS_SYSTEM,
  ICD10_SYSTEM,
  ICD9CM_SYSTEM,
  KFA_SYSTEM,
  LOINC_SYSTEM,
  MEDICATION_TYPE_EXTENSION,
  MEDICATION_TYPE_SYSTEM,
  MEDICATIONDISPENSE_CATEGORY_SYSTEM,
  MEDICATIONREQUEST_CATEGORY_SYSTEM,
  OBSERVATION_CATEGORY_SYSTEM,
  PARTICIPANT_TYPE_SYSTEM,
  UCUM_SYSTEM,
  VITAL_LOINC,
} from './codes.js';
import { fhirDateTime as t } from './time.js';
import type { Identifier, Resource, VisitDiagnosis, VisitInput, VisitMedication, VisitProcedure } from './types.js';

/** A visit whose people and room are mapped (the planner checked). */
export type MappedVisit = VisitInput & {
  patient: { ihs: string; name: string };
  practitioner: { ihs: string; name: string };
  location: { id: string; name: string };
};

const withId = (id: string | undefined) => (id ? { id } : {});
const patientRef = (v: MappedVisit) => ({ reference: `Patient/${v.patient.ihs}`, display: v.patient.name });
const practitionerRef = (v: MappedVisit) => ({
  reference: `Practitioner/${v.practitioner.ihs}`,
  display: v.practitioner.name,
});
const encounterRef = (id: string) => ({ reference: `Encounter/${id}` });

export function encounter(
  v: MappedVisit,
  identifier: Identifier,
  opts: { id?: string; diagnoses?: { conditionId: string; diagnosis: VisitDiagnosis }[] },
): Resource {
  const finished = v.finishedAt !== null && opts.diagnoses !== undefined;
  const history: Record<string, unknown>[] = [
    { status: 'arrived', period: { start: t(v.arrivedAt), end: t(v.inProgressAt) } },
    { status: 'in-progress', period: { start: t(v.inProgressAt), ...(finished ? { end: t(v.finishedAt!) } : {}) } },
  ];
  if (finished) history.push({ status: 'finished', period: { start: t(v.finishedAt!), end: t(v.finishedAt!) } });
  // Primary first: rank 1 is the main diagnosis.
  const ranked = [...(opts.diagnoses ?? [])].sort((a, b) => Number(b.diagnosis.primary) - Number(a.diagnosis.primary));
  return {
    resourceType: 'Encounter',
    ...withId(opts.id),
    identifier: [identifier],
    status: finished ? 'finished' : 'in-progress',
    class: { system: ENCOUNTER_CLASS_SYSTEM, code: 'AMB', display: 'ambulatory' },
    subject: patientRef(v),
    participant: [
      {
        type: [{ coding: [{ system: PARTICIPANT_TYPE_SYSTEM, code: 'ATND', display: 'attender' }] }],
        individual: practitionerRef(v),
      },
    ],
    period: { start: t(v.arrivedAt), ...(finished ? { end: t(v.finishedAt!) } : {}) },
    location: [{ location: { reference: `Location/${v.location.id}`, display: v.location.name } }],
    ...(finished
      ? {
          diagnosis: ranked.map((d, i) => ({
            condition: { reference: `Condition/${d.conditionId}`, display: d.diagnosis.display },
            use: { coding: [{ system: DIAGNOSIS_ROLE_SYSTEM, code: 'DD', display: 'Discharge diagnosis' }] },
            rank: i + 1,
          })),
        }
      : {}),
    statusHistory: history,
    serviceProvider: { reference: `Organization/${v.orgId}` },
  };
}

export function condition(
  v: MappedVisit,
  d: VisitDiagnosis,
  identifier: Identifier,
  ref: { encounter: string; id?: string },
): Resource {
  return {
    resourceType: 'Condition',
    ...withId(ref.id),
    identifier: [identifier],
    clinicalStatus: { coding: [{ system: CONDITION_CLINICAL_SYSTEM, code: 'active', display: 'Active' }] },
    category: [
      { coding: [{ system: CONDITION_CATEGORY_SYSTEM, code: 'encounter-diagnosis', display: 'Encounter Diagnosis' }] },
    ],
    code: { coding: [{ system: ICD10_SYSTEM, code: d.code, display: d.display }] },
    subject: patientRef(v),
    encounter: encounterRef(ref.encounter),
    recordedDate: t(v.finishedAt ?? v.inProgressAt),
    recorder: practitionerRef(v),
  };
}

export function observation(
  v: MappedVisit,
  name: VitalName,
  value: number,
  identifier: Identifier,
  ref: { encounter: string; id?: string },
): Resource {
  const loinc = VITAL_LOINC[name];
  const at = t(v.vitalsAt ?? v.inProgressAt);
  return {
    resourceType: 'Observation',
    ...withId(ref.id),
    identifier: [identifier],
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY_SYSTEM, code: 'vital-signs', display: 'Vital Signs' }] }],
    code: { coding: [{ system: LOINC_SYSTEM, code: loinc.code, display: loinc.display }] },
    subject: patientRef(v),
    performer: [practitionerRef(v)],
    encounter: encounterRef(ref.encounter),
    effectiveDateTime: at,
    issued: at,
    valueQuantity: { value, unit: loinc.unit, system: UCUM_SYSTEM, code: loinc.unitCode },
  };
}

export function procedure(
  v: MappedVisit,
  p: VisitProcedure & { code: string },
  identifier: Identifier,
  ref: { encounter: string; id?: string },
): Resource {
  const at = p.performedAt ?? v.inProgressAt;
  return {
    resourceType: 'Procedure',
    ...withId(ref.id),
    identifier: [identifier],
    status: 'completed',
    code: { coding: [{ system: ICD9CM_SYSTEM, code: p.code, display: p.display }] },
    subject: patientRef(v),
    encounter: encounterRef(ref.encounter),
    performedPeriod: { start: t(at), end: t(v.finishedAt && v.finishedAt > at ? v.finishedAt : at) },
    performer: [{ actor: practitionerRef(v) }],
  };
}

const kfaConcept = (m: VisitMedication) => ({
  coding: [{ system: KFA_SYSTEM, code: m.kfaCode!, display: m.display ?? m.name }],
});

/** A non-compounded medicine (the record prescribes items; compounded ones are not sent yet). */
export function medication(m: VisitMedication, identifier: Identifier, id?: string): Resource {
  return {
    resourceType: 'Medication',
    ...withId(id),
    identifier: [identifier],
    code: kfaConcept(m),
    status: 'active',
    extension: [
      {
        url: MEDICATION_TYPE_EXTENSION,
        valueCodeableConcept: { coding: [{ system: MEDICATION_TYPE_SYSTEM, code: 'NC', display: 'Non-compound' }] },
      },
    ],
  };
}

/** How a MedicationRequest / MedicationDispense names its medicine: a sent Medication or a contained one. */
export type MedicationLink = { medicationId: string } | { contained: Resource };

function medicationFields(link: MedicationLink, m: VisitMedication) {
  if ('medicationId' in link)
    return { medicationReference: { reference: `Medication/${link.medicationId}`, display: m.display ?? m.name } };
  return {
    contained: [{ ...link.contained, id: 'med' }],
    medicationReference: { reference: '#med', display: m.display ?? m.name },
  };
}

const quantity = (value: number, m: VisitMedication) => ({ value, ...(m.unit ? { unit: m.unit } : {}) });

export function medicationRequest(
  v: MappedVisit,
  m: VisitMedication,
  identifiers: Identifier[],
  ref: { encounter: string; medication: MedicationLink; id?: string },
): Resource {
  return {
    resourceType: 'MedicationRequest',
    ...withId(ref.id),
    ...medicationFields(ref.medication, m),
    identifier: identifiers,
    status: m.dispensedAt ? 'completed' : 'active',
    intent: 'order',
    category: [{ coding: [{ system: MEDICATIONREQUEST_CATEGORY_SYSTEM, code: 'outpatient', display: 'Outpatient' }] }],
    subject: patientRef(v),
    encounter: encounterRef(ref.encounter),
    authoredOn: t(m.prescribedAt),
    requester: practitionerRef(v),
    ...(m.dosageText ? { dosageInstruction: [{ sequence: 1, text: m.dosageText }] } : {}),
    dispenseRequest: { quantity: quantity(m.quantity, m) },
  };
}

export function medicationDispense(
  v: MappedVisit,
  m: VisitMedication & { dispensedAt: Date },
  identifiers: Identifier[],
  ref: { encounter: string; medication: MedicationLink; request: string; id?: string },
): Resource {
  return {
    resourceType: 'MedicationDispense',
    ...withId(ref.id),
    ...medicationFields(ref.medication, m),
    identifier: identifiers,
    status: 'completed',
    category: {
      coding: [{ system: MEDICATIONDISPENSE_CATEGORY_SYSTEM, code: 'outpatient', display: 'Outpatient' }],
    },
    subject: patientRef(v),
    context: encounterRef(ref.encounter),
    performer: [{ actor: practitionerRef(v) }],
    location: { reference: `Location/${v.location.id}`, display: v.location.name },
    authorizingPrescription: [{ reference: `MedicationRequest/${ref.request}` }],
    quantity: quantity(m.dispensedQuantity ?? m.quantity, m),
    whenPrepared: t(m.dispensedAt),
    whenHandedOver: t(m.dispensedAt),
    ...(m.dosageText ? { dosageInstruction: [{ sequence: 1, text: m.dosageText }] } : {}),
  };
}
