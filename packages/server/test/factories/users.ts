import type { ModuleFactories } from './types.js';

export const usersFactories: ModuleFactories = {
  'users.user': {
    create: async (env) => ({
      id: await env.t.makePatient(env.branch, { name: 'Pasien Cabang B' }),
      body: { name: 'Diambil' },
    }),
    inputs: {
      'users.setStatus': { status: 0 },
      'users.setAccess': { data: { role: 3 } },
      'users.changePassword': { data: { password: 'Lintas123', repeatpassword: 'Lintas123' } },
      'users.setPrivileges': { previleges: [] },
      'users.setPrivilegesRest': { previleges: [] },
    },
  },
};
