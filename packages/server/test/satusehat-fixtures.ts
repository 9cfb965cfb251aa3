import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import type { TestApp, TestUser } from './helpers.js';

/**
 * A branch ready to report to the SATUSEHAT simulator (issue 31): its settings with one of the simulator's clients,
 * a Location, the doctor's and the patient's IHS numbers looked up by NIK (the simulator's registers), a medicine with
 * its KFA code; and a konsultasi visit finished with diagnoses, vitals, a procedure and a prescription.
 */
export const SIM_CLIENT_A = { id: 'sim-client-pusat', secret: 'sim-secret-pusat', org: '100000001' };
export const SIM_CLIENT_B = { id: 'sim-client-cabang', secret: 'sim-secret-cabang', org: '100000002' };
export type SimClientCredentials = typeof SIM_CLIENT_A;

export interface SatusehatBranch {
  branch: number;
  manager: TestUser;
  dokter: TestUser;
  patient: number;
  item: number;
  /** The manager operational who set it up. */
  operator: TestUser;
}

export const settingsOf = (c: SimClientCredentials) => ({
  organization_id: c.org,
  client_id: c.id,
  client_secret: c.secret,
  environment: 'staging',
});

export async function satusehatBranch(
  t: TestApp,
  branch: number,
  patientNik: string,
  doctorNik: string,
  client: SimClientCredentials,
): Promise<SatusehatBranch> {
  const manager = await t.makeUser('manager', { branchId: branch });
  const dokter = await t.makeUser('dokter', { branchId: branch, name: `dr. ${branch}` });
  await t.db.execute(sql`update users set idcard = ${doctorNik} where id = ${dokter.id}`);
  const patient = await t.makePatient(branch, { name: `Pasien ${branch}`, idcard: patientNik });
  const [i] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into item (profile_id, code, name, unit, selling_price, kfa_code)
        values (${branch}, ${`OB-${branch}`}, 'Parasetamol 500 mg', 'tablet', 150000, '93001019') returning id`,
  );
  const operator = await t.makeUser('manager', { branchId: branch, toplevel: 'manageroperational' });
  expect((await t.api(operator).put(`/api/satusehat/settings/${branch}`, settingsOf(client))).status).toBe(200);
  const location = { kind: 'location', local_key: 'konsultasi', code: `loc-${client.org}`, display: 'Poli Umum' };
  expect((await t.api(operator).put('/api/satusehat/mappings', location)).status).toBe(200);
  const doc = await t.api(operator).post('/api/satusehat/mappings/lookup', { kind: 'practitioner' });
  expect(doc.body.data).toMatchObject({ found: 1 });
  const pat = await t.api(operator).post('/api/satusehat/mappings/lookup', { kind: 'patient', ids: [patient] });
  expect(pat.body.data).toMatchObject({ found: 1 });
  return { branch, manager, dokter, patient, item: Number(i.id), operator };
}

/** A konsultasi visit finished with diagnoses, vitals, a procedure and a prescription; answers its outbox id. */
export async function finishedSatusehatVisit(t: TestApp, p: SatusehatBranch): Promise<number> {
  const v = await t
    .api(p.manager)
    .post('/api/service/visit', { customer: p.patient, doctor: p.dokter.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  const id = v.body.data.id;
  const soap = await t.api(p.dokter).post(`/api/rekammedis/visit/${id}/soap`, {
    subjective: 'Batuk pilek 3 hari',
    vitals: { sistole: 120, diastole: 80, nadi: 88, suhu: 38.2 },
    diagnoses: [{ code: 'J06.9', primary: true }],
    procedures: [{ code: '89.7' }],
  });
  expect(soap.status).toBe(201);
  const resep = await t.api(p.dokter).post(`/api/rekammedis/visit/${id}/resep`, {
    items: [{ item: p.item, qty: 10, signa: '3 x 1 sesudah makan' }],
  });
  expect(resep.status).toBe(201);
  expect((await t.api(p.dokter).post(`/api/rekammedis/visit/${id}/finish`, {})).status).toBe(200);
  const [row] = await queryRows<{ id: number }>(t.db, sql`select id from satusehat_visit where visit_id = ${id}`);
  return Number(row.id);
}
