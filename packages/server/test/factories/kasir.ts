import type { FactoryEnv, ModuleFactories } from './types.js';

/** An open cash session of a new cashier of branch B. */
async function sessionOf(env: FactoryEnv) {
  const cashier = await env.t.makeUser('admin', { branchId: env.branch, password: null });
  const s = await env.post('/api/kasir/session', { opening_float: 100000 }, cashier);
  return { cashier, id: s.id as number };
}

/** A paid down payment of a package registration of branch B (its cashier's session open). */
async function paymentOf(env: FactoryEnv) {
  // The branch's finance period may already exist (another factory made it).
  await env.t.api(env.manager).post('/api/finance/periode', { start_date: '2024-01-01' });
  const type = await env.post('/api/paket/type', {
    name: 'Promo Kasir B',
    type: 1,
    start_at: '2024-01-01',
    end_at: '2099-12-31',
  });
  const tm = await env.post('/api/master/tindakanmedis', {
    code: `TM-KB${Date.now() % 100000}`,
    name: 'Facial Kasir B',
    price: 100000,
  });
  const history = await env.post('/api/paket', {
    code: `PKT-KB${Date.now() % 100000}`,
    name: 'Paket Kasir B',
    paket_type_id: type.id,
    active_at: '2024-01-01',
    price: 100000,
    items: [{ type: 1, ref_id: tm.id, free_slot: 1, expired_duration: 30 }],
  });
  const customer = await env.t.makePatient(env.branch, { name: 'Pasien Kasir B' });
  const doctor = await env.t.makeUser('dokter', { branchId: env.branch, password: null });
  const m = await env.post('/api/paket/membership', { customer, doctor: doctor.id, paket_history_id: history.id });
  const { cashier } = await sessionOf(env);
  const methods = await env.t.api(env.manager).get('/api/finance/paymentmethod');
  const cash = (methods.body.data as { id: number; type: string }[]).find((x) => x.type === 'tunai')!.id;
  const p = await env.post(
    '/api/kasir/cicilan',
    { membership: m.id, amount: 100000, payments: [{ method: cash, amount: 100000 }] },
    cashier,
  );
  return { id: p.id as number };
}

export const kasirFactories: ModuleFactories = {
  'kasir.session': {
    create: async (env) => ({ id: (await sessionOf(env)).id }),
    inputs: { 'kasir.closeSession': { data: { counts: [] } } },
  },
  'kasir.payment': {
    create: paymentOf,
    inputs: {
      'kasir.void': { data: { reason: 'Salah input' } },
      'kasir.settle': { data: { payments: [{ method: 1, amount: 1000 }] } },
    },
  },
};
