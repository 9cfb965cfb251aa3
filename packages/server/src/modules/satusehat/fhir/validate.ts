/**
 * Validation before a resource leaves (issue 31 item 4): base FHIR R4 with the `fhir` npm package (structure,
 * cardinality, required value sets, dateTime formats, unknown properties), then the SATUSEHAT rules we know, which no
 * generic validator has. Reasons in Indonesian; an empty list means valid.
 */
import { Fhir, type ValidatorMessage } from 'fhir';
import { ICD10_SYSTEM, ICD9CM_SYSTEM, IHS_SYSTEM_PREFIX, KFA_SYSTEM, LOINC_SYSTEM } from './codes.js';
import type { Resource } from './types.js';

export interface ValidateOptions {
  /** The branch's Organization id: every sys-ids identifier system must carry it. */
  orgId: string;
}

let fhir: Fhir | null = null;
/** Loaded once (about 0.1 s): the R4 structure definitions ship inside the package. */
function r4(): Fhir {
  fhir ??= new Fhir();
  return fhir;
}

const ICD10_CODE = /^[A-Z][0-9]{2}(\.[0-9A-Z]{1,4})?$/;
const ICD9CM_CODE = /^[0-9]{2}(\.[0-9]{1,2})?$/;
const KFA_CODE = /^[0-9]{8,}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?/;
const WITH_OFFSET = /[+-]\d{2}:\d{2}$/;
/** SATUSEHAT refuses clinical times before the platform's start. */
const EARLIEST = Date.parse('2014-06-03T00:00:00+00:00');
/** Resources that must name the patient. */
const NEEDS_SUBJECT = new Set([
  'Encounter',
  'Condition',
  'Observation',
  'Procedure',
  'MedicationRequest',
  'MedicationDispense',
]);

type Coding = { system?: unknown; code?: unknown };
type Concept = { coding?: Coding[]; text?: unknown } | undefined;

/** The package's `Severities` enum is a type only (not exported at run time): compare its string value. */
const isError = (severity: string | undefined) => severity === 'error' || severity === 'fatal';

/** The package's English messages in Indonesian (those it can give on an error; others are kept as they are). */
const MESSAGES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Missing property$/, () => 'wajib diisi'],
  [/^Unexpected property$/, () => 'tidak dikenal di FHIR R4'],
  [/^Code "(.*)" not found in value set$/, (m) => `kode ${m[1]} tidak ada di value set`],
  [/^Invalid format for boolean value "(.*)"$/, (m) => `harus true atau false: ${m[1]}`],
  [/^Invalid (.+?) format for value "(.*)"$/, (m) => `format ${m[1]} tidak valid: ${m[2]}`],
  [/^A (.+) entry is required$/, (m) => `minimal satu ${m[1]} wajib diisi`],
  [/^Property is not an array$/, () => 'harus berupa daftar (array)'],
  [/^Invalid type for reference/, () => 'jenis referensi tidak valid'],
  [/^Number type expected/, () => 'harus berupa angka, bukan teks'],
  [/^Resource does not have resourceType/, () => 'jenis resource tidak dikenal FHIR R4'],
];

function translate(m: ValidatorMessage): string {
  const what = m.message ?? '';
  const where = m.location ? `FHIR R4 ${m.location}` : 'FHIR R4';
  for (const [re, say] of MESSAGES) {
    const hit = re.exec(what);
    if (hit) return `${where}: ${say(hit)}`;
  }
  return `${where}: ${what}`;
}

function codings(c: Concept): { system: string; code: string }[] {
  const str = (x: unknown) => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '');
  return (c?.coding ?? []).map((x) => ({ system: str(x.system), code: str(x.code) }));
}

/** Every `system` string and every dateTime-looking string in the resource, with its path. */
function walk(value: unknown, path: string, out: { systems: [string, string][]; times: [string, string][] }) {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'system' && typeof v === 'string') out.systems.push([`${path}.${k}`, v]);
      else walk(v, `${path}.${k}`, out);
    }
  else if (typeof value === 'string' && DATE_TIME.test(value)) out.times.push([path, value]);
  return out;
}

function satusehatRules(r: Resource, orgId: string): string[] {
  const reasons: string[] = [];
  const type = r.resourceType;
  const { systems, times } = walk(r, type, { systems: [], times: [] });

  for (const [path, system] of systems) {
    if (!system.startsWith(IHS_SYSTEM_PREFIX) || system === KFA_SYSTEM) continue;
    const [kind, org] = system.slice(IHS_SYSTEM_PREFIX.length).split('/');
    if (org !== undefined && org !== orgId)
      reasons.push(
        `${path}: sistem ${kind} memakai Organization ID '${org}', bukan '${orgId}' milik cabang ini (aturan 10117)`,
      );
  }
  for (const [path, value] of times) {
    if (!WITH_OFFSET.test(value))
      reasons.push(`${path}: waktu '${value}' harus memakai selisih UTC dalam bentuk +00:00`);
    else if (Date.parse(value) < EARLIEST)
      reasons.push(`${path}: waktu '${value}' sebelum 3 Juni 2014 ditolak SATUSEHAT`);
  }

  const subject = (r.subject as { reference?: unknown } | undefined)?.reference;
  if (NEEDS_SUBJECT.has(type) && !(typeof subject === 'string' && subject.startsWith('Patient/')))
    reasons.push(`${type}.subject: harus merujuk pasien (Patient/nomor IHS)`);

  switch (type) {
    case 'Encounter': {
      const ids = (r.identifier as { system?: string }[] | undefined) ?? [];
      if (!ids.some((i) => i.system === `${IHS_SYSTEM_PREFIX}encounter/${orgId}`))
        reasons.push(`Encounter.identifier: harus memakai sistem ${IHS_SYSTEM_PREFIX}encounter/${orgId}`);
      const provider = (r.serviceProvider as { reference?: unknown } | undefined)?.reference;
      if (provider !== `Organization/${orgId}`)
        reasons.push(`Encounter.serviceProvider: harus Organization/${orgId} (Organization cabang ini)`);
      if (r.status === 'finished' && !(Array.isArray(r.diagnosis) && r.diagnosis.length > 0))
        reasons.push('Encounter selesai (finished) harus punya minimal satu diagnosis (aturan 10457)');
      break;
    }
    case 'Condition': {
      const cs = codings(r.code as Concept);
      if (!cs.length) reasons.push(`Condition.code: diagnosis harus berkode ICD-10 (${ICD10_SYSTEM})`);
      for (const c of cs) {
        if (c.system !== ICD10_SYSTEM)
          reasons.push(`Condition.code: diagnosis harus berkode ICD-10 (${ICD10_SYSTEM}), bukan '${c.system}'`);
        else if (!ICD10_CODE.test(c.code)) reasons.push(`Condition.code: kode ICD-10 '${c.code}' tidak valid`);
      }
      break;
    }
    case 'Procedure':
      for (const c of codings(r.code as Concept)) {
        if (c.system !== ICD9CM_SYSTEM)
          reasons.push(
            `Procedure.code: tindakan harus berkode ICD-9-CM (${ICD9CM_SYSTEM}), bukan '${c.system}' (aturan 10015)`,
          );
        else if (!ICD9CM_CODE.test(c.code)) reasons.push(`Procedure.code: kode ICD-9-CM '${c.code}' tidak valid`);
      }
      break;
    case 'Observation':
      if (!codings(r.code as Concept).some((c) => c.system === LOINC_SYSTEM))
        reasons.push(`Observation.code: tanda vital harus berkode LOINC (${LOINC_SYSTEM})`);
      break;
    case 'Medication':
      reasons.push(...kfaReasons('Medication.code', r.code as Concept));
      break;
    case 'MedicationRequest':
    case 'MedicationDispense': {
      if (r.medicationCodeableConcept !== undefined)
        reasons.push(...kfaReasons(`${type}.medicationCodeableConcept`, r.medicationCodeableConcept as Concept));
      const contained = Array.isArray(r.contained) ? (r.contained as Resource[]) : [];
      for (const c of contained) reasons.push(...satusehatRules(c, orgId).map((x) => `${type}.contained: ${x}`));
      break;
    }
    default:
      break;
  }
  return reasons;
}

function kfaReasons(path: string, concept: Concept): string[] {
  const kfa = codings(concept).filter((c) => c.system === KFA_SYSTEM);
  if (!kfa.length) return [`${path}: obat harus berkode KFA (${KFA_SYSTEM})`];
  return kfa.filter((c) => !KFA_CODE.test(c.code)).map((c) => `${path}: kode KFA '${c.code}' tidak valid`);
}

export function validateResource(resource: Resource, opts: ValidateOptions): string[] {
  if (!resource || typeof resource !== 'object' || typeof resource.resourceType !== 'string')
    return ['Resource tidak punya resourceType'];
  let base: string[];
  try {
    const result = r4().validate(resource, { errorOnUnexpected: true });
    base = (result.messages ?? []).filter((m) => isError(m.severity)).map(translate);
  } catch (err) {
    base = [`FHIR R4: resource tidak dapat diperiksa (${err instanceof Error ? err.message : String(err)})`];
  }
  return [...base, ...satusehatRules(resource, opts.orgId)];
}
