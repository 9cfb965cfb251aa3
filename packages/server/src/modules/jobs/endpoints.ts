import { JOB } from './entities.js';
import { failedJobsQuery, JOBS_ACCESS, jobIdParams } from '@klinik/shared';
import { mutation, query } from '../../http/endpoint.js';
import * as service from './service.js';

/** Dead letters of the job queue, for top-level users (owner, developer). */
export const jobsAccess = JOBS_ACCESS;

export const jobsEndpoints = {
  failed: query({
    summary: 'Pekerjaan latar yang gagal di setiap percobaan',
    access: jobsAccess,
    input: failedJobsQuery,
    handler: (ctx, q) => service.listFailed(ctx, q),
    rest: { method: 'GET', path: '/api/jobs/failed', envelope: 'paged' },
  }),
  retry: mutation({
    entity: JOB,
    summary: 'Kirim ulang pekerjaan gagal ke antrean',
    access: jobsAccess,
    input: jobIdParams,
    handler: (ctx, p) => service.retry(ctx, p),
    rest: { method: 'POST', path: '/api/jobs/:name/:id/retry' },
  }),
};
