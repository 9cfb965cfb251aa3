/**
 * SATUSEHAT FHIR: the plain input a visit is turned into, and what the planner hands back.
 * The module's service (w31a) reads the visit, its record and its mappings into a `VisitInput`; `planVisit` turns it
 * into resources in dependency order; the outbox sends them one by one through `SatusehatClient`.
 */
import type { VitalName } from '@klinik/shared';

/** A FHIR R4 resource as JSON (the builders fill it; `validateResource` checks it). */
export type Resource = { resourceType: string; id?: string } & Record<string, unknown>;

export interface Identifier {
  system: string;
  value: string;
}

export type ResourceKind =
  'Encounter' | 'Condition' | 'Observation' | 'Procedure' | 'Medication' | 'MedicationRequest' | 'MedicationDispense';

/** One ICD-10 diagnosis of the visit (the record's diagnoses). */
export interface VisitDiagnosis {
  /** ICD-10 code as the record keeps it, e.g. 'J06.9'. */
  code: string;
  display: string;
  primary: boolean;
}

/** One procedure of the visit: ICD-9-CM when the record or the mapping gives one, otherwise unmapped (null). */
export interface VisitProcedure {
  /** Stable local id (record procedure or treatment id), part of the identifier value. */
  localId: string;
  /** ICD-9-CM code, e.g. '96.59'; null when the local procedure is not mapped yet. */
  code: string | null;
  display: string;
  /** When it was done (default: the visit's in-progress time). */
  performedAt?: Date | null;
}

/** One prescribed (and maybe dispensed) medicine. */
export interface VisitMedication {
  /** Stable local id (prescription item id), part of the identifier values. */
  localId: string;
  /** The local item's name, used in messages and as a fallback display. */
  name: string;
  /** KFA code (e.g. '93001019'), null when the item is not mapped yet. */
  kfaCode: string | null;
  /** KFA display (default: `name`). */
  display?: string | null;
  /** Quantity prescribed (and dispensed), in `unit`. */
  quantity: number;
  /** Unit as text, e.g. 'Tablet'. */
  unit?: string | null;
  /** Signa as text, e.g. '3 x 1 tablet sesudah makan'. */
  dosageText?: string | null;
  prescribedAt: Date;
  /** Set when the pharmacy handed it over: a MedicationDispense is sent too. */
  dispensedAt?: Date | null;
  /** Quantity handed over when it differs from `quantity`. */
  dispensedQuantity?: number | null;
}

/** A person known to SATUSEHAT by an IHS number (null = not looked up / not found yet). */
export interface VisitPerson {
  ihs: string | null;
  name: string;
}

export interface VisitInput {
  /** The branch's SATUSEHAT Organization id. */
  orgId: string;
  /** Local visit id (stable): the value of the Encounter identifier and the prefix of every other value. */
  visitId: string;
  /** Registration number shown to people (optional, only for text). */
  visitNumber?: string | null;
  patient: VisitPerson;
  practitioner: VisitPerson;
  /** The room / poli: SATUSEHAT Location id (null = not mapped) and its name. */
  location: { id: string | null; name: string };
  /** The branch's IANA time zone (Asia/Jakarta, Asia/Makassar, Asia/Jayapura). */
  timeZone: string;
  arrivedAt: Date;
  inProgressAt: Date;
  /** Null while the visit is not finished: the Encounter stays in-progress and no 'finish' step is planned. */
  finishedAt: Date | null;
  diagnoses: VisitDiagnosis[];
  /** Vital signs as the record keeps them (absent = not measured). */
  vitals: Partial<Record<VitalName, number>>;
  /** When the vitals were taken (default: `inProgressAt`). */
  vitalsAt?: Date | null;
  procedures: VisitProcedure[];
  medications: VisitMedication[];
}

/**
 * One resource to send. `key` names it within the visit (stable between plans: the outbox stores rows by it):
 * 'encounter', 'condition:J06.9', 'observation:nadi', 'procedure:{localId}', 'medication:{localId}',
 * 'medicationRequest:{localId}', 'medicationDispense:{localId}', and 'encounter:finish' (an update of 'encounter'
 * with its diagnoses, once the Conditions have ids).
 *
 * `build(ids)` gets the SATUSEHAT ids known so far by key. When `ids` holds the resource's own key (or `updates`'s
 * key), the built resource carries that `id` and is sent as an update (PUT); otherwise the sender searches by
 * `identifier` first (a resend after a lost answer finds the earlier one) and creates (POST) only when none exists.
 */
export interface PlannedResource {
  key: string;
  kind: ResourceKind;
  /** Keys whose ids `build` needs: send those first. */
  dependsOn: string[];
  identifier: Identifier;
  /** The key of the resource this step updates ('encounter:finish' updates 'encounter'); its id is that one's. */
  updates?: string;
  build(ids: Record<string, string>): Resource;
}

export type VisitPlan = { resources: PlannedResource[] } | { missing: string[] };
