import type { ModuleFactories } from './types.js';

export const branchesFactories: ModuleFactories = {
  // The branch row is branch B itself.
  'branches.profile': { create: async (env) => ({ id: env.branch, body: { name: 'Diambil' } }) },
};
