import { failedJobsQuery, jobIdParams } from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import { jobsAccess } from './rest.js';
import * as service from './service.js';

export const jobsRouter = router({
  failed: procedure
    .meta({ access: jobsAccess })
    .input(failedJobsQuery)
    .query(({ ctx, input }) => service.listFailed(ctx, input)),
  retry: procedure
    .meta({ access: jobsAccess })
    .input(jobIdParams)
    .mutation(({ ctx, input }) => service.retry(ctx, input)),
});
