import type { FastifyInstance } from 'fastify';
import { WILAYAH_LEVELS, wilayahQuery, z } from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { staffAccess } from '../users/index.js';
import * as service from './service.js';

export function wilayahRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'GET',
    url: '/api/wilayah/:level',
    access: staffAccess,
    params: z.object({ level: z.enum(WILAYAH_LEVELS, { error: 'Tingkat wilayah tidak dikenal' }) }),
    query: wilayahQuery,
    async handler(_ctx, { params, query }) {
      const data = await service.areas(params.level, query);
      return { data, count: data.length };
    },
  });
}
