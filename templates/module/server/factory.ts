import type { ModuleFactories } from './types.js';

/** Rows of the __name__ module in another branch, for the cross-branch walk (test/cross-branch.test.ts). */
const row = { name: '__Name__ Cabang B', status: 1 };

export const __name__Factories: ModuleFactories = {
  __name__: { create: async (env) => ({ id: (await env.post('/api/__name__', row)).id, body: row }) },
};
