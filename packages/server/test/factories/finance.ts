import { ACCOUNT } from '../../src/modules/finance/index.js';
import type { FactoryEnv, ModuleFactories } from './types.js';

async function activePeriod(env: FactoryEnv): Promise<number> {
  return (await env.post('/api/finance/periode', { start_date: '2026-01-01' })).id as number;
}

export const financeFactories: ModuleFactories = {
  'finance.akun': {
    create: async (env) => ({
      id: (
        await env.post('/api/finance/akun', {
          code: `19${env.branch}`,
          name: 'Bank Cabang B',
          category: 1,
          profile_id: env.branch,
        })
      ).id,
      body: { name: 'Diambil' },
    }),
  },
  'finance.periode': { create: async (env) => ({ id: await activePeriod(env), body: {} }) },
  'finance.jurnal': {
    create: async (env) => {
      await activePeriod(env);
      const j = await env.post('/api/finance/jurnal', {
        code: '',
        transaction_at: '2026-01-10',
        memo: 'Setoran modal cabang B',
        details: [
          { akun: ACCOUNT.kas, description: '', debit: 1_000_000, credit: 0 },
          { akun: ACCOUNT.modalDisetor, description: '', debit: 0, credit: 1_000_000 },
        ],
      });
      return { id: j.id, body: {} };
    },
  },
};
