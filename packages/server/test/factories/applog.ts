import type { ModuleFactories } from './types.js';

export const applogFactories: ModuleFactories = {
  // An approval request: deactivating a colleague needs approval by default.
  'applog.request': {
    create: async (env) => {
      const target = await env.t.makeUser('multimedia', { branchId: env.branch, password: null });
      const res = await env.t.api(env.manager).put(`/api/users/${target.id}`, { status: 0 });
      if (res.status !== 202) throw new Error(`applog.request factory: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.data.applog_id as number, body: { status: 1 } };
    },
  },
};
