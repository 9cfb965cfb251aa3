import type { FastifyInstance } from 'fastify';
import { access, failedJobsQuery, jobIdParams } from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import * as service from './service.js';

/** Dead letters of the job queue, for top-level users (owner, developer). */
export const jobsAccess = access.toplevel();

export function jobsRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'GET',
    url: '/api/jobs/failed',
    access: jobsAccess,
    query: failedJobsQuery,
    async handler(ctx, { query }) {
      return service.listFailed(ctx, query);
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/jobs/:name/:id/retry',
    access: jobsAccess,
    params: jobIdParams,
    async handler(ctx, { params }) {
      return { data: await service.retry(ctx, params) };
    },
  });
}
