import type { VitalName } from '@klinik/shared';
import type { VisitInput, VisitMedication, VisitProcedure } from './fhir/index.js';
import type { SatusehatEnv } from './connection.js';
import * as q from './queries/index.js';

/**
 * Reads a finished visit, its record and the branch's mappings into the planner's input (read only: the record
 * module owns the clinical tables). Diagnoses and vital signs come from the current SOAP versions, procedures from
 * the SOAP's ICD-9-CM codes and the treatments (their own ICD-9-CM, else the treatment's mapping), medicines from
 * the prescription items (KFA from the mapping, else the item's own code) and what the pharmacy handed over.
 */
export async function visitInput(env: SatusehatEnv, visitId: number, orgId: string): Promise<VisitInput | null> {
  const head = await q.visitHead(env.db, visitId);
  if (!head) return null;
  const soaps = await q.soapVersions(env.db, visitId);
  const versionIds = soaps.map((s) => s.version_id);
  const [diagRows, procRows, treatments, resep] = await Promise.all([
    q.diagnosesOf(env.db, versionIds),
    q.proceduresOf(env.db, versionIds),
    q.treatmentsOf(env.db, visitId),
    q.prescriptionItemsOf(env.db, visitId),
  ]);
  const [patients, doctors, locations, items, perawatan] = await Promise.all([
    q.mapsOf(env.db, head.profile_id, 'patient', [String(head.customer_id)]),
    q.mapsOf(env.db, head.profile_id, 'practitioner', [String(head.doctor_id)]),
    q.mapsOf(env.db, head.profile_id, 'location', [head.kind]),
    q.mapsOf(
      env.db,
      head.profile_id,
      'item',
      resep.map((r) => String(r.item_id)),
    ),
    q.mapsOf(
      env.db,
      head.profile_id,
      'treatment',
      treatments.map((t) => String(t.perawatan_id)),
    ),
  ]);

  const diagnoses: VisitInput['diagnoses'] = [];
  const seen = new Set<string>();
  for (const d of diagRows) {
    if (seen.has(d.code)) continue;
    seen.add(d.code);
    diagnoses.push({ code: d.code, display: d.display, primary: d.primary && !diagnoses.some((x) => x.primary) });
  }
  if (diagnoses.length && !diagnoses.some((d) => d.primary)) diagnoses[0].primary = true;

  const vitals: Partial<Record<VitalName, number>> = {};
  let vitalsAt: Date | null = null;
  for (const s of soaps) {
    for (const name of ['sistole', 'diastole', 'nadi', 'respirasi', 'suhu', 'spo2', 'berat', 'tinggi'] as const) {
      const v = s[name];
      if (v !== null && v !== undefined) {
        vitals[name] = Number(v);
        vitalsAt = new Date(s.entry_created_at);
      }
    }
  }

  const procedures: VisitProcedure[] = [];
  const procCodes = new Set<string>();
  for (const p of procRows) {
    if (procCodes.has(p.code)) continue;
    procCodes.add(p.code);
    procedures.push({ localId: `icd-${p.code}`, code: p.code, display: p.display });
  }
  for (const t of treatments) {
    const mapped = perawatan.get(String(t.perawatan_id));
    const code = t.icd9cm ?? mapped?.code ?? null;
    procedures.push({
      localId: `t${t.entry_id}`,
      code,
      display: (t.icd9cm ? t.icd9_display : mapped?.display) ?? t.name,
      performedAt: new Date(t.created_at),
    });
  }

  const medications: VisitMedication[] = resep.map((r) => {
    const mapped = items.get(String(r.item_id));
    return {
      localId: `r${r.entry_id}`,
      name: r.name,
      kfaCode: mapped?.code ?? (r.kfa_code || null),
      display: mapped?.display ?? null,
      quantity: r.qty ?? 1,
      unit: r.unit,
      dosageText: r.signa,
      prescribedAt: new Date(r.created_at),
      dispensedAt: r.dispensed_at ? new Date(r.dispensed_at) : null,
      dispensedQuantity: r.dispensed_qty ?? null,
    };
  });

  // The desk's clock (database) and the record's (app) can differ by moments: the steps never run backwards.
  const finished = head.record_finished_at ?? head.finished_at;
  const finishedAt = finished ? new Date(finished) : null;
  const latest = (d: Date) => (finishedAt && d > finishedAt ? finishedAt : d);
  const inProgressAt = latest(new Date(head.started_at ?? head.called_at ?? head.created_at));
  const created = new Date(head.created_at);
  const arrivedAt = created > inProgressAt ? inProgressAt : created;
  return {
    orgId,
    visitId: String(head.id),
    visitNumber: head.code,
    patient: { ihs: patients.get(String(head.customer_id))?.code ?? null, name: head.patient_name },
    practitioner: { ihs: doctors.get(String(head.doctor_id))?.code ?? null, name: head.doctor_name },
    location: { id: locations.get(head.kind)?.code ?? null, name: locations.get(head.kind)?.display ?? head.kind },
    timeZone: head.timezone,
    arrivedAt,
    inProgressAt,
    finishedAt,
    diagnoses,
    vitals,
    vitalsAt,
    procedures,
    medications,
  };
}
