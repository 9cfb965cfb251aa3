import type { ModuleFactories } from './types.js';

const tindakan = { code: 'TM-B', name: 'Facial B', price: 100000, doctor_share: 0, status: 1 };
const item = { code: 'IT-B', name: 'Serum B', unit: 'botol', selling_price: 50000, status: 1 };
const formlab = { code: 'LB-B', name: 'Darah B', price: 70000, status: 1 };

export const mastersFactories: ModuleFactories = {
  'masters.tindakan': {
    create: async (env) => ({ id: (await env.post('/api/master/tindakanmedis', tindakan)).id, body: tindakan }),
    // GET /api/pricelist/price?kind=treatment&id=: another branch's treatment is 404 to a branch user.
    inputs: { 'pricelist.price': { kind: 'treatment' } },
  },
  'masters.item': { create: async (env) => ({ id: (await env.post('/api/master/item', item)).id, body: item }) },
  'masters.formlab': {
    create: async (env) => ({ id: (await env.post('/api/master/laboratorium', formlab)).id, body: formlab }),
  },
};
