import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { multipartBody, PNG_1X1 } from '../upload-helpers.js';
import type { FactoryEnv, ModuleFactories } from './types.js';

/** Issue 28 item 5: an expense (and its proof) in branch B. */
async function proof(env: FactoryEnv): Promise<number> {
  const body = multipartBody('proof', 'nota.png', PNG_1X1);
  const res = await env.t.app.inject({
    method: 'POST',
    url: '/api/finance/expenses/proof',
    headers: { ...body.headers, cookie: env.manager.cookie },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`proof upload: ${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { data: { id: number } }).data.id;
}

export const financeOutFactories: ModuleFactories = {
  'finance.expenseProof': { create: async (env) => ({ id: await proof(env) }) },
  'finance.expense': {
    create: async (env) => {
      const [open] = await queryRows<{ n: number }>(
        env.t.db,
        sql`select count(*)::int as n from finance_periode where profile_id = ${env.branch} and status = 0`,
      );
      if (!open.n) await env.post('/api/finance/periode', { start_date: '2026-01-01' });
      const [m] = await queryRows<{ id: number }>(
        env.t.db,
        sql`select id from payment_method where status = 1 order by id limit 1`,
      );
      const [c] = await queryRows<{ id: number }>(env.t.db, sql`select id from expense_category where code = 'sewa'`);
      const e = await env.post('/api/finance/expenses', {
        category: c.id,
        date: '2026-01-10',
        amount: 100_000,
        method: m.id,
        memo: 'Sewa cabang B',
      });
      return { id: e.id, body: { reason: 'Uji cabang' } };
    },
    inputs: { reverse: { data: { reason: 'Uji cabang' } } },
  },
};
