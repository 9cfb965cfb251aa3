import { access, switchBranchInput } from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import * as service from './service.js';

/** Sign-in itself goes through REST (it sets the cookie); the app reads the session and switches branch here. */
export const authRouter = router({
  me: procedure.meta({ access: access.auth }).query(({ ctx }) => service.me(ctx)),
  switchBranch: procedure
    .meta({ access: access.auth })
    .input(switchBranchInput)
    .mutation(({ ctx, input }) => service.switchBranch(ctx, input.profile_id)),
});
