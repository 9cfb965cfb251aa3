import { access, idParam, newPatientInput, userListQuery, z } from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import { staffAccess } from './rest.js';
import * as service from './service.js';

export const usersRouter = router({
  list: procedure
    .meta({ access: staffAccess })
    .input(userListQuery)
    .query(({ ctx, input }) => service.list(ctx, input)),
  get: procedure
    .meta({ access: staffAccess })
    .input(z.object({ id: idParam }))
    .query(({ ctx, input }) => service.get(ctx, input.id)),
  createPatient: procedure
    .meta({ access: access.feature('PASIEN', 'manage') })
    .input(newPatientInput)
    .mutation(({ ctx, input }) => service.createPatient(ctx, input)),
});
