import type { FastifyInstance } from 'fastify';
import { pengumumanInput, pengumumanListQuery } from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { myMenuAccess } from '../applog/index.js';
import { staffAccess } from '../users/index.js';
import * as service from './service.js';

export function pengumumanRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'GET',
    url: '/api/pengumuman',
    access: staffAccess,
    query: pengumumanListQuery,
    async handler(ctx, { query }) {
      return service.list(ctx, query);
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/pengumuman',
    access: myMenuAccess,
    body: pengumumanInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.create(ctx, body) };
    },
  });
}
