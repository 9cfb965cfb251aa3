import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import type { ModuleFactories } from './types.js';

let seq = 0;

/** A finished visit of branch B in the SATUSEHAT outbox, for the cross-branch walk (test/cross-branch.test.ts). */
export const satusehatFactories: ModuleFactories = {
  // Branch B itself: its settings are written from inside it (the owner of branch A gets 404, as for any branch data).
  'satusehat.branch': {
    create: async (env) => ({
      id: env.branch,
      body: { organization_id: '100000009', client_id: 'klien-b', client_secret: 'rahasia-b', environment: 'staging' },
    }),
    inputs: { 'satusehat.testConnection': {} },
  },
  'satusehat.visit': {
    create: async (env) => {
      const n = ++seq;
      const customer = await env.t.makePatient(env.branch, { name: `Pasien SS B ${n}` });
      const doctor = await env.t.makeUser('dokter', { branchId: env.branch, password: null });
      const v = await env.post('/api/service/visit', { customer, doctor: doctor.id, kind: 'konsultasi' });
      await env.post(`/api/rekammedis/visit/${v.id}/soap`, { subjective: 'Uji lintas cabang' }, doctor);
      await env.post(`/api/rekammedis/visit/${v.id}/finish`, {}, doctor);
      const [row] = await queryRows<{ id: number }>(
        env.t.db,
        sql`select id from satusehat_visit where visit_id = ${v.id}`,
      );
      return { id: Number(row.id) };
    },
  },
};
