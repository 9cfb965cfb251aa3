import { access } from '@klinik/shared';
import { restOnly } from '../../http/endpoint.js';
import { pingDatabase } from '../../db/client.js';

/** For load balancers and monitoring: 200 when the database answers, 503 otherwise. */
export const healthEndpoints = {
  check: restOnly({
    summary: 'Kesehatan server dan database (503 bila database tidak menjawab)',
    access: access.public,
    async handler(ctx) {
      const database = await pingDatabase(ctx.db);
      return { status: database ? 'ok' : 'error', database: database ? 'ok' : 'unreachable' };
    },
    rest: {
      method: 'GET',
      path: '/api/health',
      statusOf: (r) => (r.status === 'ok' ? 200 : 503),
      statuses: [200, 503],
    },
  }),
};
