import { PNG_1X1, upload } from '../upload-helpers.js';
import type { ModuleFactories } from './types.js';

export const usersFactories: ModuleFactories = {
  // A colleague in branch B with a photo (so the avatar route has something to refuse).
  'users.user': {
    create: async (env) => {
      const { id } = await env.t.makeUser('perawat', {
        branchId: env.branch,
        name: 'Perawat Cabang B',
        password: null,
      });
      const res = await upload(env.t, env.manager, `/api/users/uploadavatar/${id}`, 'foto.png', PNG_1X1);
      if (res.status !== 200) throw new Error(`users.user factory: photo ${res.status}`);
      return { id, body: { name: 'Diambil' } };
    },
    inputs: {
      'users.setStatus': { status: 0 },
      'users.setAccess': { data: { role: 3 } },
      'users.changePassword': { data: { password: 'Lintas123', repeatpassword: 'Lintas123' } },
      'users.setPrivileges': { previleges: [] },
      // Any well-formed session id: the account itself is another branch's, so 404 before the session is looked at.
      'users.endSession': { session: 'a'.repeat(64) },
    },
    controlAsOwner: ['users.sessions'],
  },
};
