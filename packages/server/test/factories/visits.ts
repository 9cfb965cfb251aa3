import type { ModuleFactories } from './types.js';

/** A walk-in visit of branch B (its patient and doctor made there), for the cross-branch walk. */
export const visitsFactories: ModuleFactories = {
  'visits.visit': {
    create: async (env) => {
      const customer = await env.t.makePatient(env.branch, { name: 'Pasien Kunjungan B' });
      const doctor = await env.t.makeUser('dokter', { branchId: env.branch, password: null });
      const v = await env.post('/api/service/visit', { customer, doctor: doctor.id, kind: 'konsultasi' });
      return { id: v.id as number };
    },
    inputs: { 'visits.setStatus': { status: 'dipanggil' } },
  },
};
