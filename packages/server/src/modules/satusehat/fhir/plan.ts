/**
 * Turns a visit into SATUSEHAT resources in dependency order (see `PlannedResource` in types.ts), or says in
 * Indonesian exactly what is not mapped yet.
 *
 * Order: 'encounter' (in-progress: its diagnoses need Condition ids), the Conditions, 'encounter:finish' (the same
 * Encounter, finished, with its diagnoses: an update), the Observations, the Procedures, then per medicine
 * Medication, MedicationRequest and (when handed over) MedicationDispense. Every identifier is in the Organization's
 * own system with a value derived from the local visit id, so a resend finds what was sent before.
 */
import { VITAL_NAMES } from '@klinik/shared';
import * as build from './builders.js';
import type { MappedVisit, MedicationLink } from './builders.js';
import { sysId } from './codes.js';
import type { Identifier, PlannedResource, VisitInput, VisitMedication, VisitPlan, VisitProcedure } from './types.js';

export interface PlanOptions {
  /**
   * How a MedicationRequest names its medicine: 'reference' sends a Medication first and refers to its id (default);
   * 'contained' puts the Medication inside the MedicationRequest and MedicationDispense. Public guidance has asked for
   * both at different times: a switch, to be settled against staging.
   */
  medication?: 'reference' | 'contained';
}

/** 'Asia/Jakarta' 10.05 WIB-style local time for messages. */
function localTime(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('id-ID', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(at);
  } catch {
    return at.toISOString();
  }
}

function validZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Every reason the visit cannot be sent yet, in Indonesian (empty: it can). */
export function missingFor(v: VisitInput): string[] {
  const missing: string[] = [];
  if (!v.orgId.trim()) missing.push('Organization ID cabang belum diisi di pengaturan SATUSEHAT');
  if (!v.patient.ihs) missing.push(`Pasien ${v.patient.name} belum punya nomor IHS (cari dengan NIK)`);
  if (!v.practitioner.ihs) missing.push(`Dokter ${v.practitioner.name} belum punya nomor IHS`);
  if (!v.location.id) missing.push(`Ruang ${v.location.name} belum dipetakan ke Location SATUSEHAT`);
  if (v.finishedAt && v.diagnoses.length === 0)
    missing.push('Kunjungan belum punya diagnosis ICD-10 (SATUSEHAT menolak kunjungan selesai tanpa diagnosis)');
  if (!validZone(v.timeZone)) missing.push(`Zona waktu cabang '${v.timeZone}' tidak dikenal`);
  else {
    const times: [string, Date | null][] = [
      ['datang', v.arrivedAt],
      ['diperiksa', v.inProgressAt],
      ['selesai', v.finishedAt],
    ];
    const known = times.filter((x): x is [string, Date] => x[1] !== null);
    for (let i = 1; i < known.length; i++)
      if (known[i][1] < known[i - 1][1])
        missing.push(
          `Waktu kunjungan tidak urut: ${known[i - 1][0]} ${localTime(known[i - 1][1], v.timeZone)}, ` +
            `${known[i][0]} ${localTime(known[i][1], v.timeZone)}`,
        );
  }
  for (const p of v.procedures) if (!p.code) missing.push(`Tindakan ${p.display} belum dipetakan ke ICD-9-CM`);
  for (const m of v.medications) if (!m.kfaCode) missing.push(`Obat ${m.name} belum dipetakan ke kode KFA`);
  return missing;
}

/** The first of each code / local id (a list repeated by mistake must not make two resources with one key). */
function uniqueBy<T>(xs: T[], key: (x: T) => string): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => !seen.has(key(x)) && (seen.add(key(x)), true));
}

const need = (ids: Record<string, string>, key: string): string => {
  const id = ids[key];
  if (!id) throw new Error(`SATUSEHAT id untuk ${key} belum ada`);
  return id;
};

export function planVisit(input: VisitInput, opts: PlanOptions = {}): VisitPlan {
  const missing = missingFor(input);
  if (missing.length) return { missing };
  const v = input as MappedVisit;
  const org = v.orgId;
  const id = (kind: Parameters<typeof sysId>[0], value: string): Identifier => ({ system: sysId(kind, org), value });
  const out: PlannedResource[] = [];

  const diagnoses = uniqueBy(v.diagnoses, (d) => d.code);
  const conditionKeys = diagnoses.map((d) => `condition:${d.code}`);
  const encounterId = id('encounter', v.visitId);
  /**
   * The diagnoses whose Condition ids are known, when the visit is finished and at least one is (else undefined:
   * the Encounter goes in progress). A correction that adds a diagnosis thus updates the Encounter still finished
   * (with the diagnoses it had), and 'encounter:finish' then adds the new one: it never goes back to in progress.
   */
  const diagnosed = (ids: Record<string, string>) => {
    const known = diagnoses.flatMap((diagnosis, i) => {
      const conditionId = ids[conditionKeys[i]];
      return conditionId ? [{ diagnosis, conditionId }] : [];
    });
    return v.finishedAt && known.length ? known : undefined;
  };

  out.push({
    key: 'encounter',
    kind: 'Encounter',
    dependsOn: [],
    identifier: encounterId,
    // A resend after the Conditions went out sends the Encounter finished at once (never back to in-progress).
    build: (ids) => build.encounter(v, encounterId, { id: ids.encounter, diagnoses: diagnosed(ids) }),
  });
  diagnoses.forEach((d, i) => {
    const identifier = id('condition', `${v.visitId}-${d.code}`);
    out.push({
      key: conditionKeys[i],
      kind: 'Condition',
      dependsOn: ['encounter'],
      identifier,
      build: (ids) =>
        build.condition(v, d, identifier, { encounter: need(ids, 'encounter'), id: ids[conditionKeys[i]] }),
    });
  });
  if (v.finishedAt)
    out.push({
      key: 'encounter:finish',
      kind: 'Encounter',
      dependsOn: ['encounter', ...conditionKeys],
      identifier: encounterId,
      updates: 'encounter',
      build: (ids) => build.encounter(v, encounterId, { id: need(ids, 'encounter'), diagnoses: diagnosed(ids) ?? [] }),
    });

  for (const name of VITAL_NAMES) {
    const value = v.vitals[name];
    if (value === undefined || value === null) continue;
    const key = `observation:${name}`;
    const identifier = id('observation', `${v.visitId}-${name}`);
    out.push({
      key,
      kind: 'Observation',
      dependsOn: ['encounter'],
      identifier,
      build: (ids) =>
        build.observation(v, name, value, identifier, { encounter: need(ids, 'encounter'), id: ids[key] }),
    });
  }

  for (const p of uniqueBy(v.procedures, (x) => x.localId)) {
    const key = `procedure:${p.localId}`;
    const identifier = id('procedure', `${v.visitId}-${p.localId}`);
    const coded = p as VisitProcedure & { code: string };
    out.push({
      key,
      kind: 'Procedure',
      dependsOn: ['encounter'],
      identifier,
      build: (ids) => build.procedure(v, coded, identifier, { encounter: need(ids, 'encounter'), id: ids[key] }),
    });
  }

  for (const m of uniqueBy(v.medications, (x) => x.localId)) out.push(...medicationSteps(v, m, opts, id));
  return { resources: out };
}

function medicationSteps(
  v: MappedVisit,
  m: VisitMedication,
  opts: PlanOptions,
  id: (kind: Parameters<typeof sysId>[0], value: string) => Identifier,
): PlannedResource[] {
  const steps: PlannedResource[] = [];
  const medKey = `medication:${m.localId}`;
  const requestKey = `medicationRequest:${m.localId}`;
  const dispenseKey = `medicationDispense:${m.localId}`;
  const medIdentifier = id('medication', `${v.visitId}-${m.localId}`);
  const contained = opts.medication === 'contained';
  const link = (ids: Record<string, string>): MedicationLink =>
    contained ? { contained: build.medication(m, medIdentifier) } : { medicationId: need(ids, medKey) };
  if (!contained)
    steps.push({
      key: medKey,
      kind: 'Medication',
      dependsOn: [],
      identifier: medIdentifier,
      build: (ids) => build.medication(m, medIdentifier, ids[medKey]),
    });
  // The prescription (the visit's) and its item: the item's identifier is the one a resend searches by.
  const item = id('prescription-item', `${v.visitId}-${m.localId}`);
  const identifiers = [id('prescription', v.visitId), item];
  const medDeps = contained ? [] : [medKey];
  steps.push({
    key: requestKey,
    kind: 'MedicationRequest',
    dependsOn: ['encounter', ...medDeps],
    identifier: item,
    build: (ids) =>
      build.medicationRequest(v, m, identifiers, {
        encounter: need(ids, 'encounter'),
        medication: link(ids),
        id: ids[requestKey],
      }),
  });
  if (m.dispensedAt) {
    const handed = m as VisitMedication & { dispensedAt: Date };
    steps.push({
      key: dispenseKey,
      kind: 'MedicationDispense',
      dependsOn: ['encounter', ...medDeps, requestKey],
      identifier: item,
      build: (ids) =>
        build.medicationDispense(v, handed, identifiers, {
          encounter: need(ids, 'encounter'),
          medication: link(ids),
          request: need(ids, requestKey),
          id: ids[dispenseKey],
        }),
    });
  }
  return steps;
}
