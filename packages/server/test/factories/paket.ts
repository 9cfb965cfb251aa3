import type { FactoryEnv, ModuleFactories } from './types.js';

const typeBody = { name: 'Promo B', type: 1, start_at: '2024-01-01', end_at: '2099-12-31' };

/** A package of branch B (with its type and one treatment): its id, current version and a valid body. */
async function paketOf(env: FactoryEnv) {
  const type = await env.post('/api/paket/type', typeBody);
  const tm = await env.post('/api/master/tindakanmedis', { code: 'TM-PB', name: 'Facial B', price: 100000 });
  const body = {
    code: 'PKT-B',
    name: 'Paket B',
    paket_type_id: type.id,
    active_at: '2024-01-01',
    price: 100000,
    items: [{ type: 1, ref_id: tm.id, free_slot: 1, expired_duration: 30 }],
  };
  const history = await env.post('/api/paket', body);
  return { paketId: history.paket_id as number, historyId: history.id as number, body };
}

export const paketFactories: ModuleFactories = {
  'paket.type': { create: async (env) => ({ id: (await env.post('/api/paket/type', typeBody)).id, body: typeBody }) },
  'paket.paket': {
    create: async (env) => {
      const p = await paketOf(env);
      return { id: p.paketId, body: p.body };
    },
  },
  'paket.history': { create: async (env) => ({ id: (await paketOf(env)).historyId }) },
  'paket.membership': {
    create: async (env) => {
      const p = await paketOf(env);
      await env.post('/api/finance/periode', { start_date: '2024-01-01' });
      const customer = await env.t.makePatient(env.branch, { name: 'Pasien Paket B' });
      const doctor = await env.t.makeUser('dokter', { branchId: env.branch, password: null });
      const m = await env.post('/api/paket/membership', { customer, doctor: doctor.id, paket_history_id: p.historyId });
      return { id: m.id as number };
    },
  },
};
