import type { FastifyInstance } from 'fastify';
import { access } from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { pingDatabase } from '../../db/client.js';

/** For load balancers and monitoring: 200 when the database answers, 503 otherwise. */
export function healthRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'GET',
    url: '/api/health',
    access: access.public,
    async handler(ctx, _input, _req, reply) {
      const database = await pingDatabase(ctx.db);
      reply.status(database ? 200 : 503);
      return { data: { status: database ? 'ok' : 'error', database: database ? 'ok' : 'unreachable' } };
    },
  });
}
