import type { FactoryEnv, ModuleFactories } from './types.js';

/** Rows of the inventory module in another branch, for the cross-branch walk (test/cross-branch.test.ts). */
const category = { name: 'Obat B', status: 1 };
const vendor = { code: 'VB', name: 'PT Vendor B', payment_terms: 30, status: 1 };
const warehouse = { code: 'GB', name: 'Gudang B', kind: 'gudang', status: 1 };

async function purchaseOf(env: FactoryEnv) {
  const v = await env.post('/api/inventory/vendor', { ...vendor, code: 'VPB' });
  const w = await env.post('/api/inventory/warehouse', { ...warehouse, code: 'GPB' });
  const i = await env.post('/api/master/item', { code: 'IT-PB', name: 'Item B', unit: 'pcs', selling_price: 1000 });
  return env.post('/api/inventory/purchase', {
    vendor: v.id,
    warehouse: w.id,
    items: [{ item: i.id, qty: 2, price: 500 }],
  });
}

export const inventoryFactories: ModuleFactories = {
  'inventory.category': {
    create: async (env) => ({ id: (await env.post('/api/inventory/category', category)).id, body: category }),
  },
  'inventory.vendor': {
    create: async (env) => ({ id: (await env.post('/api/inventory/vendor', vendor)).id, body: vendor }),
  },
  'inventory.warehouse': {
    create: async (env) => ({ id: (await env.post('/api/inventory/warehouse', warehouse)).id, body: warehouse }),
  },
  'inventory.purchase': {
    create: async (env) => ({ id: (await purchaseOf(env)).id }),
    inputs: { 'inventory.purchase.receive': { items: [{ item: 1, qty: 1, price: 500 }] } },
  },
};
