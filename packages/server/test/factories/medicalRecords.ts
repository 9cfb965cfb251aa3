import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import type { TestUser } from '../helpers.js';
import type { FactoryEnv, ModuleFactories } from './types.js';

let seq = 0;

/** A visit of branch B (patient and doctor made there), through the visits API. */
async function visitB(env: FactoryEnv): Promise<{ id: number; doctor: number; doctorUser: TestUser }> {
  const n = ++seq;
  const customer = await env.t.makePatient(env.branch, { name: `Pasien RM B ${n}` });
  const doctor = await env.t.makeUser('dokter', { branchId: env.branch, password: null });
  const v = await env.post('/api/service/visit', { customer, doctor: doctor.id, kind: 'konsultasi' });
  return { id: v.id as number, doctor: doctor.id, doctorUser: doctor };
}

/** A treatment, an item and a lab form of branch B's masters (inserted: the masters module owns their API). */
async function mastersB(env: FactoryEnv): Promise<{ perawatan: number; item: number; lab: number }> {
  const n = ++seq;
  const [p] = await queryRows<{ id: number }>(
    env.t.db,
    sql`insert into perawatan (profile_id, code, name, price, doctor_share)
        values (${env.branch}, ${`RMB-P${n}`}, ${`Perawatan B ${n}`}, 15000000, 3000000) returning id`,
  );
  const [i] = await queryRows<{ id: number }>(
    env.t.db,
    sql`insert into item (profile_id, code, name, unit, selling_price)
        values (${env.branch}, ${`RMB-I${n}`}, ${`Obat B ${n}`}, 'tablet', 500000) returning id`,
  );
  const [f] = await queryRows<{ id: number }>(
    env.t.db,
    sql`insert into form_lab (profile_id, code, name, price)
        values (${env.branch}, ${`RMB-L${n}`}, ${`Lab B ${n}`}, 7500000) returning id`,
  );
  return { perawatan: Number(p.id), item: Number(i.id), lab: Number(f.id) };
}

const soapBody = { subjective: 'Keluhan uji', vitals: { sistole: 120, diastole: 80 } };
const reason = 'Perbaikan uji lintas cabang';

/** Valid inputs for each route of the module (the walk expects 404 before anything else is looked at). */
const visitInputs = {
  'medicalRecords.soap.create': soapBody,
  'medicalRecords.treatment.create': { perawatan: 1, qty: 1, doctor: 1 },
  'medicalRecords.produk.create': { item: 1, qty: 1 },
  'medicalRecords.bhp.create': { item: 1, qty: 1 },
  'medicalRecords.resep.create': { items: [{ item: 1, qty: 1, signa: '3x1' }] },
  'medicalRecords.alergi.create': { allergen: 'Penisilin' },
  'medicalRecords.lab.create': { form_lab: 1, qty: 1 },
  'medicalRecords.finish': {},
  'medicalRecords.visit': {},
};

function entryFactory(kind: 'soap' | 'treatment' | 'produk' | 'bhp' | 'resep' | 'alergi' | 'lab') {
  return {
    create: async (env: FactoryEnv) => {
      const v = await visitB(env);
      const m = await mastersB(env);
      const body = {
        soap: soapBody,
        treatment: { perawatan: m.perawatan, qty: 1, doctor: v.doctor },
        produk: { item: m.item, qty: 1 },
        bhp: { item: m.item, qty: 1 },
        resep: { items: [{ item: m.item, qty: 10, signa: '3 x 1 sesudah makan' }] },
        alergi: { allergen: 'Penisilin' },
        lab: { form_lab: m.lab, qty: 1, note: 'Puasa' },
      }[kind];
      // Clinical entries are written by clinicians (issue 25): the visit's doctor.
      const created = await env.post(`/api/rekammedis/visit/${v.id}/${kind}`, body, v.doctorUser);
      const id = kind === 'resep' ? (created.items[0].id as number) : (created.id as number);
      return { id };
    },
    inputs: {
      [`medicalRecords.${kind}.correct`]: {
        soap: { ...soapBody, reason },
        treatment: { perawatan: 1, qty: 2, doctor: 1, reason },
        produk: { item: 1, qty: 2, reason },
        bhp: { item: 1, qty: 2, reason },
        resep: { item: 1, qty: 2, signa: '2x1', reason },
        alergi: { allergen: 'Amoksisilin', reason },
        lab: { form_lab: 1, qty: 2, reason },
      }[kind],
      [`medicalRecords.${kind}.void`]: { reason },
      [`medicalRecords.${kind}.history`]: {},
    },
  };
}

export const medicalRecordsFactories: ModuleFactories = {
  'medicalRecords.visit': {
    // A visit examined and finished, with the sick-leave letter its doctor issued (its reprint is a GET of the visit).
    create: async (env) => {
      const v = await visitB(env);
      await env.post(`/api/rekammedis/visit/${v.id}/soap`, soapBody, v.doctorUser);
      await env.post(`/api/rekammedis/visit/${v.id}/finish`, {}, v.doctorUser);
      await env.post(`/api/rekammedis/visit/${v.id}/surat-sakit`, { days: 1 }, v.doctorUser);
      return { id: v.id };
    },
    inputs: visitInputs,
  },
  'medicalRecords.patient': {
    create: async (env) => ({ id: await env.t.makePatient(env.branch, { name: `Pasien RM B ${++seq}` }) }),
    inputs: { 'medicalRecords.patient': {}, 'medicalRecords.access': {} },
  },
  'medicalRecords.soap': entryFactory('soap'),
  'medicalRecords.treatment': entryFactory('treatment'),
  'medicalRecords.produk': entryFactory('produk'),
  'medicalRecords.bhp': entryFactory('bhp'),
  'medicalRecords.resep': entryFactory('resep'),
  'medicalRecords.alergi': entryFactory('alergi'),
  'medicalRecords.lab': entryFactory('lab'),
};
