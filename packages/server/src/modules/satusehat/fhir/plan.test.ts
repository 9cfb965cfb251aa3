import { describe, expect, it } from 'vitest';
import { ICD10_SYSTEM, ICD9CM_SYSTEM, KFA_SYSTEM, sysId } from './codes.js';
import { planVisit } from './plan.js';
import { fhirDateTime } from './time.js';
import type { PlannedResource, Resource, VisitInput } from './types.js';
import { validateResource } from './validate.js';
import { SAMPLE_ORG as ORG, sampleVisit as visit } from './sample-visit.js';

function plan(input: VisitInput, opts?: Parameters<typeof planVisit>[1]): PlannedResource[] {
  const p = planVisit(input, opts);
  if (!('resources' in p)) throw new Error(p.missing.join('; '));
  return p.resources;
}

/** Builds every step in order, giving each a made-up SATUSEHAT id, as the outbox would. */
function buildAll(steps: PlannedResource[]): { key: string; resource: Resource }[] {
  const ids: Record<string, string> = {};
  return steps.map((s) => {
    for (const d of s.dependsOn) expect(ids[d], `${s.key} depends on ${d}`).toBeTruthy();
    const resource = s.build(ids);
    if (!s.updates) ids[s.key] = `id-${s.key}`;
    return { key: s.key, resource };
  });
}

describe('planVisit', () => {
  it('plans every resource in dependency order with the Organization identifier systems', () => {
    const steps = plan(visit());
    expect(steps.map((s) => s.key)).toEqual([
      'encounter',
      'condition:K02.1',
      'condition:J06.9',
      'encounter:finish',
      'observation:sistole',
      'observation:diastole',
      'observation:nadi',
      'observation:respirasi',
      'observation:suhu',
      'observation:spo2',
      'observation:berat',
      'observation:tinggi',
      'procedure:T1',
      'medication:R1',
      'medicationRequest:R1',
      'medicationDispense:R1',
      'medication:R2',
      'medicationRequest:R2',
    ]);
    for (const s of steps) expect(s.identifier.system.endsWith(`/${ORG}`)).toBe(true);
    expect(steps[0].identifier).toEqual({
      system: `http://sys-ids.kemkes.go.id/encounter/${ORG}`,
      value: 'KJ-2026-0001',
    });
    expect(steps[1].identifier).toEqual({ system: sysId('condition', ORG), value: 'KJ-2026-0001-K02.1' });
    expect(new Set(steps.filter((s) => !s.updates).map((s) => `${s.kind} ${s.identifier.value}`)).size).toBe(17);
  });

  it('builds resources that pass the validator (FHIR R4 and the SATUSEHAT rules)', () => {
    for (const { key, resource } of buildAll(plan(visit())))
      expect(validateResource(resource, { orgId: ORG }), key).toEqual([]);
    for (const { key, resource } of buildAll(plan(visit(), { medication: 'contained' })))
      expect(validateResource(resource, { orgId: ORG }), key).toEqual([]);
    for (const { key, resource } of buildAll(plan(visit({ finishedAt: null, medications: [], procedures: [] }))))
      expect(validateResource(resource, { orgId: ORG }), key).toEqual([]);
  });

  it('sends the Encounter in progress first, then finished with the diagnoses (primary rank 1)', () => {
    const built = Object.fromEntries(buildAll(plan(visit())).map((b) => [b.key, b.resource]));
    expect(built.encounter).toMatchObject({ status: 'in-progress', period: { start: '2026-11-27T01:00:00+00:00' } });
    expect(built.encounter.id).toBeUndefined();
    expect(built.encounter.diagnosis).toBeUndefined();
    const fin = built['encounter:finish'];
    expect(fin).toMatchObject({
      id: 'id-encounter',
      status: 'finished',
      period: { start: '2026-11-27T01:00:00+00:00', end: '2026-11-27T01:45:00+00:00' },
      serviceProvider: { reference: `Organization/${ORG}` },
      subject: { reference: 'Patient/P02478375538' },
      participant: [{ individual: { reference: 'Practitioner/10006926841' } }],
      location: [{ location: { reference: 'Location/b017aa54-f1df-4ec2-9d84-8823815d7228' } }],
    });
    expect(fin.diagnosis).toEqual([
      expect.objectContaining({
        condition: expect.objectContaining({ reference: 'Condition/id-condition:K02.1' }),
        rank: 1,
      }),
      expect.objectContaining({
        condition: expect.objectContaining({ reference: 'Condition/id-condition:J06.9' }),
        rank: 2,
      }),
    ]);
    expect((fin.statusHistory as { status: string }[]).map((h) => h.status)).toEqual([
      'arrived',
      'in-progress',
      'finished',
    ]);
    expect(built['condition:K02.1']).toMatchObject({
      code: { coding: [{ system: ICD10_SYSTEM, code: 'K02.1' }] },
      encounter: { reference: 'Encounter/id-encounter' },
    });
    expect(built['procedure:T1']).toMatchObject({ code: { coding: [{ system: ICD9CM_SYSTEM, code: '23.2' }] } });
    expect(built['observation:suhu']).toMatchObject({
      code: { coding: [{ system: 'http://loinc.org', code: '8310-5' }] },
      valueQuantity: { value: 36.7, code: 'Cel' },
    });
    expect(built['medication:R1']).toMatchObject({ code: { coding: [{ system: KFA_SYSTEM, code: '93001019' }] } });
    expect(built['medicationRequest:R1']).toMatchObject({
      medicationReference: { reference: 'Medication/id-medication:R1' },
      dosageInstruction: [{ text: '3 x 1 kapsul sesudah makan' }],
    });
    expect(built['medicationDispense:R1']).toMatchObject({
      authorizingPrescription: [{ reference: 'MedicationRequest/id-medicationRequest:R1' }],
      whenHandedOver: '2026-11-27T02:00:00+00:00',
    });
  });

  it('a resend with known ids updates (ids carried) and never goes back to in-progress', () => {
    const steps = plan(visit());
    const ids = Object.fromEntries(steps.filter((s) => !s.updates).map((s) => [s.key, `sent-${s.key}`]));
    const enc = steps[0].build(ids);
    expect(enc).toMatchObject({ id: 'sent-encounter', status: 'finished' });
    expect(steps[1].build(ids).id).toBe('sent-condition:K02.1');
    expect(validateResource(enc, { orgId: ORG })).toEqual([]);
    // A correction adding a diagnosis: the Encounter stays finished with the one it had until the new one is sent.
    const { ['condition:J06.9']: _new, ...before } = ids;
    const corrected = steps[0].build(before);
    expect(corrected).toMatchObject({ id: 'sent-encounter', status: 'finished' });
    expect(corrected.diagnosis).toEqual([
      expect.objectContaining({ condition: expect.objectContaining({ reference: 'Condition/sent-condition:K02.1' }) }),
    ]);
    expect(steps[3].build(ids).diagnosis).toHaveLength(2);
  });

  it('says exactly what is unmapped, in Indonesian', () => {
    const p = planVisit(
      visit({
        patient: { ihs: null, name: 'Budi Santoso' },
        practitioner: { ihs: null, name: 'drg. Sari' },
        location: { id: null, name: 'Poli Gigi' },
        diagnoses: [],
        procedures: [{ localId: 'T9', code: null, display: 'Scaling lokal' }],
        medications: [{ localId: 'R9', name: 'Puyer batuk', kfaCode: null, quantity: 1, prescribedAt: new Date() }],
      }),
    );
    expect(p).toEqual({
      missing: [
        'Pasien Budi Santoso belum punya nomor IHS (cari dengan NIK)',
        'Dokter drg. Sari belum punya nomor IHS',
        'Ruang Poli Gigi belum dipetakan ke Location SATUSEHAT',
        'Kunjungan belum punya diagnosis ICD-10 (SATUSEHAT menolak kunjungan selesai tanpa diagnosis)',
        'Tindakan Scaling lokal belum dipetakan ke ICD-9-CM',
        'Obat Puyer batuk belum dipetakan ke kode KFA',
      ],
    });
    const late = planVisit(visit({ inProgressAt: new Date('2026-11-27T00:30:00Z') }));
    expect(late).toEqual({
      missing: ['Waktu kunjungan tidak urut: datang 27/11/2026, 08.00 WIB, diperiksa 27/11/2026, 07.30 WIB'],
    });
  });
});

describe('fhirDateTime', () => {
  it('writes UTC with +00:00', () => {
    expect(fhirDateTime(new Date('2026-11-27T08:05:09.123+07:00'))).toBe('2026-11-27T01:05:09+00:00');
  });
});
