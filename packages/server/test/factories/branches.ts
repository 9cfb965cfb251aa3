import { PNG_1X1, upload } from '../upload-helpers.js';
import type { ModuleFactories } from './types.js';

export const branchesFactories: ModuleFactories = {
  // The branch row is branch B itself, with a logo (so the logo route has something to refuse).
  'branches.profile': {
    create: async (env) => {
      const res = await upload(env.t, env.manager, `/api/profile/uploadavatar/${env.branch}`, 'logo.png', PNG_1X1);
      if (res.status !== 200) throw new Error(`branches.profile factory: logo ${res.status}`);
      return { id: env.branch, body: { name: 'Diambil' } };
    },
  },
};
