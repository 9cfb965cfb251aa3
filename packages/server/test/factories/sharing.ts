import { sharingRun } from '../../src/db/schema/index.js';
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
  // A payout run needs payable fee lines from the till; the walk only needs the row of branch B.
  'sharing.run': {
    create: async (env) => {
      const [run] = await env.t.db
        .insert(sharingRun)
        .values({ profile_id: env.branch, period: '2026-01', cutoff: '2026-01-31', created_by: env.manager.id })
        .returning();
      return { id: run.id };
    },
    inputs: { 'sharing.excludeLine': { line: 1, reason: 'Alasan uji' } },
  },
};
