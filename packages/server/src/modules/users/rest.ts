import type { FastifyInstance } from 'fastify';
import { access, idParam, newPatientInput, STAFF_ROLE_NAMES, userListQuery, z } from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import * as service from './service.js';

/** Any staff member (not patients): who may look people up; the service narrows further. */
export const staffAccess = access.roles(...STAFF_ROLE_NAMES, 'toplevel');

export function usersRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'GET',
    url: '/api/users',
    access: staffAccess,
    query: userListQuery,
    async handler(ctx, { query }) {
      return service.list(ctx, query);
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/users/:id',
    access: staffAccess,
    params: z.object({ id: idParam }),
    async handler(ctx, { params }) {
      return { data: await service.get(ctx, params.id) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/users',
    access: access.feature('PASIEN', 'manage'),
    body: newPatientInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.createPatient(ctx, body) };
    },
  });
}
