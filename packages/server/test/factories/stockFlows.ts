import { makeItem, makeResep, stockBranch, stockIn } from '../stock-fixtures.js';
import type { FactoryEnv, ModuleFactories } from './types.js';

/** Branch B's warehouses and an item with stock in its main warehouse. */
async function stocked(env: FactoryEnv, code: string) {
  const b = await stockBranch(env.t, env.branch);
  const item = await makeItem(env.t, env.branch, code, { name: `Barang ${code}` });
  await stockIn(env.t, env.manager, b.gudang, item, 10, 100_000);
  return { b, item };
}

export const stockFlowsFactories: ModuleFactories = {
  'stockFlows.transfer': {
    create: async (env) => {
      const { b, item } = await stocked(env, 'MUT-B');
      const t = await env.post('/api/inventory/mutation', {
        from_warehouse: b.gudang,
        to_warehouse: b.apotek,
        items: [{ item, qty: 2 }],
      });
      return { id: t.id as number, body: { items: [{ item, qty: 2 }] } };
    },
    inputs: { receive: { data: { items: [{ item: 1, qty: 1 }] } } },
  },
  'stockFlows.count': {
    create: async (env) => {
      const { b, item } = await stocked(env, 'OPN-B');
      const c = await env.post('/api/inventory/adjustment', {
        warehouse: b.gudang,
        items: [{ item, counted: 10 }],
        reason: 'Opname cabang B',
      });
      return { id: c.id as number };
    },
  },
  'stockFlows.resep': {
    create: async (env) => {
      await stockBranch(env.t, env.branch);
      const item = await makeItem(env.t, env.branch, 'RSP-B', { name: 'Obat B' });
      const r = await makeResep(env.t, env.branch, env.manager, [{ item, qty: 1 }]);
      return { id: r.id };
    },
  },
};
