import type { ModuleFactories } from './types.js';

/** Issue 29: a sharing rule of branch B (a doctor's share of everything there). */
export const sharingFactories: ModuleFactories = {
  'sharing.rule': {
    create: async (env) => {
      const rule = await env.post('/api/finance/sharing/rules', {
        branch: env.branch,
        kind: 'percent',
        value: 20,
        effective_from: '2026-01-01',
      });
      return {
        id: rule.id,
        body: { branch: env.branch, kind: 'percent', value: 25, effective_from: '2026-01-01' },
      };
    },
  },
};
