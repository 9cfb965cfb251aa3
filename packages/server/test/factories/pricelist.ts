import type { ModuleFactories } from './types.js';

/**
 * A price of the chain's price list for the cross-branch walk: an override of branch B's treatment. Its endpoints
 * are top-level only (the walk's branch user is refused by access); the row is made through the Backoffice route.
 */
export const pricelistFactories: ModuleFactories = {
  'pricelist.entry': {
    create: async (env) => {
      await env.post('/api/master/tindakanmedis', { code: 'PL-B', name: 'Facial Cabang B', price: 100000 });
      const body = {
        kind: 'treatment',
        code: 'PL-B',
        profile_id: env.branch,
        effective_at: '2099-01-01',
        price: 90000,
      };
      return { id: (await env.post('/api/backoffice/pricelist', body, env.owner)).id, body: { price: 95000 } };
    },
  },
};
