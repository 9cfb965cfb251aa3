import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import type { ModuleFactories } from './types.js';

let seq = 0;

/** A prescription of branch B: a visit there, a medicine of its item master, written through the record API. */
export const medicalListsFactories: ModuleFactories = {
  'medicalLists.prescription': {
    create: async (env) => {
      const n = ++seq;
      const customer = await env.t.makePatient(env.branch, { name: `Pasien Resep B ${n}` });
      const doctor = await env.t.makeUser('dokter', { branchId: env.branch, password: null });
      const v = await env.post('/api/service/visit', { customer, doctor: doctor.id, kind: 'konsultasi' });
      const [item] = await queryRows<{ id: number }>(
        env.t.db,
        sql`insert into item (profile_id, code, name, unit, selling_price)
            values (${env.branch}, ${`RXB-${n}`}, ${`Obat Resep B ${n}`}, 'tablet', 500000) returning id`,
      );
      // Prescriptions are written by the doctor (issue 25).
      const rx = await env.post(
        `/api/rekammedis/visit/${v.id}/resep`,
        { items: [{ item: Number(item.id), qty: 10, signa: '3 x 1 sesudah makan' }] },
        doctor,
      );
      return { id: rx.id as number };
    },
    inputs: { 'medicalLists.prescriptionPdf': {} },
  },
};
