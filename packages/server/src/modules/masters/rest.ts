import type { FastifyInstance } from 'fastify';
import {
  access,
  formLabInput,
  idParam,
  itemInput,
  masterListQuery,
  tindakanInput,
  z,
  type Resource,
} from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import * as service from './service.js';

/**
 * REST for the three masters (paths are ours; the spec names only the pages):
 *   /api/master/tindakanmedis, /api/master/item, /api/master/laboratorium
 *   GET (list: keyword, status, page, limit) · GET /:id · POST · PUT /:id · DELETE /:id (deactivates)
 */
function masterRest<K extends 'tindakan' | 'item' | 'formlab'>(
  app: FastifyInstance,
  base: string,
  kind: K,
  resource: Resource,
  body: z.ZodType,
) {
  const params = z.object({ id: idParam });
  restRoute(app, {
    method: 'GET',
    url: base,
    access: access.feature(resource, 'read'),
    query: masterListQuery,
    handler: (ctx, { query }) => service.list(ctx, kind, query),
  });
  restRoute(app, {
    method: 'GET',
    url: `${base}/:id`,
    access: access.feature(resource, 'read'),
    params,
    handler: async (ctx, { params }) => ({ data: await service.get(ctx, kind, params.id) }),
  });
  restRoute(app, {
    method: 'POST',
    url: base,
    access: access.feature(resource, 'manage'),
    body,
    status: 201,
    handler: async (ctx, { body }) => ({ data: await service.create(ctx, kind, body as service.MasterInputs[K]) }),
  });
  restRoute(app, {
    method: 'PUT',
    url: `${base}/:id`,
    access: access.feature(resource, 'manage'),
    params,
    body,
    handler: async (ctx, { params, body }) => ({
      data: await service.update(ctx, kind, params.id, body as service.MasterInputs[K]),
    }),
  });
  restRoute(app, {
    method: 'DELETE',
    url: `${base}/:id`,
    access: access.feature(resource, 'manage'),
    params,
    handler: async (ctx, { params }) => ({ data: await service.deactivate(ctx, kind, params.id) }),
  });
}

export function mastersRest(app: FastifyInstance) {
  masterRest(app, '/api/master/tindakanmedis', 'tindakan', 'MASTER_TREATMENT', tindakanInput);
  masterRest(app, '/api/master/item', 'item', 'MASTER_ITEM', itemInput);
  masterRest(app, '/api/master/laboratorium', 'formlab', 'MASTER_TREATMENT', formLabInput);
}
