import type { ModuleFactories } from './types.js';

/** Rows of the satusehat module in another branch, for the cross-branch walk (test/cross-branch.test.ts). */
const row = { name: 'Satusehat Cabang B', status: 1 };

export const satusehatFactories: ModuleFactories = {
  satusehat: { create: async (env) => ({ id: (await env.post('/api/satusehat', row)).id, body: row }) },
};
