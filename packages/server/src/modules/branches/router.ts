import { access, branchInput, branchListQuery, branchUpdateInput, idParam, z } from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import * as service from './service.js';

export const branchesRouter = router({
  list: procedure
    .meta({ access: access.auth })
    .input(branchListQuery)
    .query(({ ctx, input }) => service.list(ctx, input)),
  get: procedure
    .meta({ access: access.auth })
    .input(z.object({ id: idParam }))
    .query(({ ctx, input }) => service.get(ctx, input.id)),
  create: procedure
    .meta({ access: access.feature('SETTING_USER', 'manage') })
    .input(branchInput)
    .mutation(({ ctx, input }) => service.create(ctx, input)),
  update: procedure
    .meta({ access: access.feature('SETTING_USER', 'manage') })
    .input(z.object({ id: idParam, data: branchUpdateInput }))
    .mutation(({ ctx, input }) => service.update(ctx, input.id, input.data)),
});
