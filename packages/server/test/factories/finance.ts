import { sql } from 'drizzle-orm';
import { asSen } from '@klinik/shared';
import { queryRows } from '../../src/db/client.js';
import { ACCOUNT, postJournal } from '../../src/modules/finance/index.js';
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

/** Issue 28: a payment of a vendor's payable in branch B (the item posted by the posting service, paid through REST). */
export const payablesFactories: ModuleFactories = {
  'finance.hutangPayment': {
    create: async (env) => {
      const [open] = await queryRows<{ n: number }>(
        env.t.db,
        sql`select count(*)::int as n from finance_periode where profile_id = ${env.branch} and status = 0`,
      );
      if (!open.n) await activePeriod(env);
      await postJournal(env.t.ctx(env.manager), {
        transaction_at: '2026-01-10',
        memo: 'Hutang vendor cabang B',
        source_type: 'test',
        source_id: `hutang-${env.branch}`,
        lines: [
          { akun: ACCOUNT.persediaan, debit: asSen(100_000), credit: asSen(0) },
          {
            akun: ACCOUNT.hutangUsaha,
            debit: asSen(0),
            credit: asSen(100_000),
            party: { type: 'vendor', name: 'Vendor Cabang B' },
          },
        ],
      });
      const [item] = await queryRows<{ id: number }>(
        env.t.db,
        sql`select id from hutang_item where profile_id = ${env.branch} and source_id = ${`hutang-${env.branch}`}`,
      );
      const [m] = await queryRows<{ id: number }>(
        env.t.db,
        sql`select id from payment_method where status = 1 order by id limit 1`,
      );
      const p = await env.post('/api/finance/hutang/payments', {
        party_type: 'vendor',
        party_name: 'Vendor Cabang B',
        method: m.id,
        date: '2026-01-11',
        allocations: [{ item: item.id, amount: 500 }],
      });
      return { id: p.id, body: { reason: 'Uji cabang' } };
    },
  },
};
