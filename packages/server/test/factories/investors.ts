import type { FactoryEnv, ModuleFactories } from './types.js';

/** Rows of the investors module in another branch, for the cross-branch walk (test/cross-branch.test.ts). */
const investorBody = {
  kind: 'investor',
  party_type: 'individual',
  name: 'Investor Cabang B',
  nik: '3171011203900001',
  tax_treatment: 'dividend',
};

async function investorOf(env: FactoryEnv): Promise<number> {
  return (await env.post('/api/finance/investor', investorBody)).id as number;
}

async function settingOf(env: FactoryEnv): Promise<number> {
  const investor = await investorOf(env);
  return (
    await env.post('/api/finance/deviden/settings', {
      investor,
      basis: 'profit',
      percent: 10,
      effective_from: '2026-01-01',
    })
  ).id as number;
}

export const investorsFactories: ModuleFactories = {
  'investors.investor': { create: async (env) => ({ id: await investorOf(env), body: investorBody }) },
  'investors.deviden_setting': { create: async (env) => ({ id: await settingOf(env) }) },
  'investors.deviden_run': {
    create: async (env) => {
      await settingOf(env);
      const run = await env.post('/api/finance/deviden/runs', { period: '2026-01', profile_id: env.branch });
      return { id: run.id as number };
    },
  },
};
