import type { FastifyInstance } from 'fastify';
import { access } from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { DASHBOARD_CARDS } from './registry.js';
import { summary } from './service.js';

export function dashboardRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'GET',
    url: '/api/dashboard',
    access: access.auth,
    handler: async (ctx) => ({ data: await summary(ctx, DASHBOARD_CARDS) }),
  });
}
