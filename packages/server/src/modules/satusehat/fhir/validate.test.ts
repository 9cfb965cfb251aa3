import { describe, expect, it } from 'vitest';
import { planVisit } from './plan.js';
import { SAMPLE_ORG as ORG, sampleVisit } from './sample-visit.js';
import type { Resource } from './types.js';
import { validateResource } from './validate.js';

/** The sample visit's resources by key, built with made-up ids. */
function built(): Record<string, Resource> {
  const p = planVisit(sampleVisit());
  if (!('resources' in p)) throw new Error('missing');
  const ids: Record<string, string> = {};
  const out: Record<string, Resource> = {};
  for (const s of p.resources) {
    out[s.key] = s.build(ids);
    if (!s.updates) ids[s.key] = `id-${s.key}`;
  }
  return out;
}

const check = (r: Resource) => validateResource(r, { orgId: ORG });

describe('validateResource: base FHIR R4', () => {
  it('refuses an unknown status, an unknown property, a bad dateTime and a missing required field', () => {
    const enc = built()['encounter:finish'];
    expect(check({ ...enc, status: 'done' })).toContainEqual(
      expect.stringMatching(/^FHIR R4 Encounter.status: kode done/),
    );
    expect(check({ ...enc, warna: 'biru' })).toContain('FHIR R4 Encounter.warna: tidak dikenal di FHIR R4');
    expect(check({ ...enc, period: { start: 'kemarin' } })).toContainEqual(
      expect.stringMatching(/^FHIR R4 Encounter.period.start: format dateTime tidak valid: kemarin/),
    );
    const { status: _s, ...obs } = built()['observation:nadi'];
    expect(check(obs as Resource)).toContain('FHIR R4 Observation.status: wajib diisi');
  });

  it('refuses something that is not a resource', () => {
    expect(check({} as Resource)).toEqual(['Resource tidak punya resourceType']);
    expect(check({ resourceType: 'Kunjungan' })).toEqual(['FHIR R4: jenis resource tidak dikenal FHIR R4']);
  });

  it('says in Indonesian what the base validator found', () => {
    const obs = built()['observation:nadi'];
    expect(check({ ...obs, category: { text: 'x' } })).toContain(
      'FHIR R4 Observation.category: harus berupa daftar (array)',
    );
    expect(check({ ...obs, valueQuantity: { value: 'delapan puluh' } })).toContainEqual(
      expect.stringMatching(
        /^FHIR R4 Observation.valueQuantity.value: (format decimal tidak valid|harus berupa angka)/,
      ),
    );
  });
});

describe('validateResource: SATUSEHAT rules', () => {
  it("refuses another Organization's id in an identifier system (10117)", () => {
    const cond = built()['condition:K02.1'];
    const reasons = check({
      ...cond,
      identifier: [{ system: 'http://sys-ids.kemkes.go.id/condition/999', value: 'x' }],
    });
    expect(reasons).toEqual([
      "Condition.identifier[0].system: sistem condition memakai Organization ID '999', bukan '100000001' milik cabang ini (aturan 10117)",
    ]);
    expect(validateResource(cond, { orgId: '999' }).join(' ')).toContain('10117');
  });

  it('refuses a finished Encounter without diagnosis (10457), without our identifier or service provider', () => {
    const { diagnosis: _d, ...enc } = built()['encounter:finish'];
    expect(check(enc as Resource)).toEqual([
      'Encounter selesai (finished) harus punya minimal satu diagnosis (aturan 10457)',
    ]);
    const other = { ...built()['encounter:finish'], serviceProvider: { reference: 'Organization/2' }, identifier: [] };
    expect(check(other)).toEqual([
      `Encounter.identifier: harus memakai sistem http://sys-ids.kemkes.go.id/encounter/${ORG}`,
      `Encounter.serviceProvider: harus Organization/${ORG} (Organization cabang ini)`,
    ]);
  });

  it('wants ICD-10 for diagnoses, ICD-9-CM for procedures, LOINC for vitals, KFA for medicines', () => {
    const b = built();
    expect(
      check({ ...b['condition:K02.1'], code: { coding: [{ system: 'http://snomed.info/sct', code: '80967001' }] } }),
    ).toEqual([
      "Condition.code: diagnosis harus berkode ICD-10 (http://hl7.org/fhir/sid/icd-10), bukan 'http://snomed.info/sct'",
    ]);
    expect(
      check({
        ...b['condition:K02.1'],
        code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'gigi' }] },
      }),
    ).toEqual(["Condition.code: kode ICD-10 'gigi' tidak valid"]);
    expect(
      check({ ...b['procedure:T1'], code: { coding: [{ system: 'http://klinik.local/tindakan', code: 'TMB-01' }] } }),
    ).toEqual([
      "Procedure.code: tindakan harus berkode ICD-9-CM (http://hl7.org/fhir/sid/icd-9-cm), bukan 'http://klinik.local/tindakan' (aturan 10015)",
    ]);
    // Unmapped procedures may go as text only.
    expect(check({ ...b['procedure:T1'], code: { text: 'Tambal gigi' } })).toEqual([]);
    expect(check({ ...b['observation:nadi'], code: { text: 'Nadi' } })).toEqual([
      'Observation.code: tanda vital harus berkode LOINC (http://loinc.org)',
    ]);
    expect(
      check({ ...b['medication:R1'], code: { coding: [{ system: 'http://klinik.local/obat', code: 'AMX' }] } }),
    ).toEqual(['Medication.code: obat harus berkode KFA (http://sys-ids.kemkes.go.id/kfa)']);
    expect(
      check({ ...b['medicationRequest:R1'], medicationCodeableConcept: { coding: [{ system: 'x', code: 'y' }] } }),
    ).toContainEqual(
      'MedicationRequest.medicationCodeableConcept: obat harus berkode KFA (http://sys-ids.kemkes.go.id/kfa)',
    );
  });

  it('checks a contained Medication too', () => {
    const p = planVisit(sampleVisit(), { medication: 'contained' });
    if (!('resources' in p)) throw new Error('missing');
    const mr = p.resources.find((s) => s.key === 'medicationRequest:R1')!.build({ encounter: 'e' });
    expect(check(mr)).toEqual([]);
    const bad = { ...mr, contained: [{ ...(mr.contained as Resource[])[0], code: { text: 'Amoxicillin' } }] };
    expect(check(bad)).toEqual([
      'MedicationRequest.contained: Medication.code: obat harus berkode KFA (http://sys-ids.kemkes.go.id/kfa)',
    ]);
  });

  it('wants times with a UTC offset in the +00:00 form, not before 3 June 2014', () => {
    const obs = built()['observation:nadi'];
    expect(check({ ...obs, effectiveDateTime: '2026-11-27T08:00:00Z' })).toEqual([
      "Observation.effectiveDateTime: waktu '2026-11-27T08:00:00Z' harus memakai selisih UTC dalam bentuk +00:00",
    ]);
    expect(check({ ...obs, effectiveDateTime: '2014-06-02T23:00:00+00:00' })).toEqual([
      "Observation.effectiveDateTime: waktu '2014-06-02T23:00:00+00:00' sebelum 3 Juni 2014 ditolak SATUSEHAT",
    ]);
    expect(check({ ...obs, effectiveDateTime: '2026-11-27T08:00:00+07:00' })).toEqual([]);
  });

  it('wants every clinical resource to name the patient', () => {
    const { subject: _s, ...cond } = built()['condition:K02.1'];
    expect(check(cond as Resource)).toContain('Condition.subject: harus merujuk pasien (Patient/nomor IHS)');
  });
});
