/** A finished visit with everything the planner handles (tests, and a picture of what the module fills in). */
import type { VisitInput } from './types.js';

export const SAMPLE_ORG = '100000001';

export function sampleVisit(over: Partial<VisitInput> = {}): VisitInput {
  return {
    orgId: SAMPLE_ORG,
    visitId: 'KJ-2026-0001',
    patient: { ihs: 'P02478375538', name: 'Budi Santoso' },
    practitioner: { ihs: '10006926841', name: 'drg. Sari' },
    location: { id: 'b017aa54-f1df-4ec2-9d84-8823815d7228', name: 'Poli Gigi' },
    timeZone: 'Asia/Jakarta',
    arrivedAt: new Date('2026-11-27T01:00:00Z'),
    inProgressAt: new Date('2026-11-27T01:15:00Z'),
    finishedAt: new Date('2026-11-27T01:45:00Z'),
    diagnoses: [
      { code: 'K02.1', display: 'Caries of dentine', primary: true },
      { code: 'J06.9', display: 'Acute upper respiratory infection, unspecified', primary: false },
    ],
    vitals: { sistole: 120, diastole: 80, nadi: 78, suhu: 36.7, respirasi: 18, spo2: 98, berat: 61.5, tinggi: 165 },
    procedures: [{ localId: 'T1', code: '23.2', display: 'Restoration of tooth by filling' }],
    medications: [
      {
        localId: 'R1',
        name: 'Amoxicillin 500 mg',
        kfaCode: '93001019',
        display: 'Amoxicillin 500 mg Kapsul',
        quantity: 15,
        unit: 'Kapsul',
        dosageText: '3 x 1 kapsul sesudah makan',
        prescribedAt: new Date('2026-11-27T01:40:00Z'),
        dispensedAt: new Date('2026-11-27T02:00:00Z'),
      },
      {
        localId: 'R2',
        name: 'Parasetamol 500 mg',
        kfaCode: '93000345',
        quantity: 10,
        prescribedAt: new Date('2026-11-27T01:40:00Z'),
      },
    ],
    ...over,
  };
}
