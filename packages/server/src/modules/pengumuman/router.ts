import { pengumumanInput, pengumumanListQuery } from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import { myMenuAccess } from '../applog/index.js';
import { staffAccess } from '../users/index.js';
import * as service from './service.js';

export const pengumumanRouter = router({
  /** Footer (10 latest) and /pengumuman page: every staff member reads. */
  list: procedure
    .meta({ access: staffAccess })
    .input(pengumumanListQuery)
    .query(({ ctx, input }) => service.list(ctx, input)),
  /** Poster dialog: My Menu, so not investors. */
  create: procedure
    .meta({ access: myMenuAccess })
    .input(pengumumanInput)
    .mutation(({ ctx, input }) => service.create(ctx, input)),
});
