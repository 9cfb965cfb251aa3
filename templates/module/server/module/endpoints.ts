import { access, idParam, __name__Input, __name__ListQuery, z } from '@klinik/shared';
import { mutation, query } from '../../http/endpoint.js';
import { __NAME__ } from './entities.js';
import * as service from './service.js';

// Replace MASTER_ITEM_CATEGORY with the spec's resource for this module (packages/shared/src/access.ts RESOURCES).
const read = access.feature('MASTER_ITEM_CATEGORY', 'read');
const manage = access.feature('MASTER_ITEM_CATEGORY', 'manage');

/** Every endpoint declared once: tRPC procedure, REST route and OpenAPI entry come from here. */
export const __name__Endpoints = {
  list: query({
    summary: 'Daftar __name__ cabang ini',
    access: read,
    input: __name__ListQuery,
    handler: (ctx, q) => service.list(ctx, q),
    rest: { method: 'GET', path: '/api/__name__', envelope: 'paged' },
  }),
  get: query({
    summary: 'Satu __name__',
    access: read,
    input: z.object({ id: idParam }),
    entity: __NAME__,
    handler: (ctx, { id }) => service.get(ctx, id),
    rest: { method: 'GET', path: '/api/__name__/:id' },
  }),
  create: mutation({
    summary: 'Tambah __name__',
    access: manage,
    input: __name__Input,
    handler: (ctx, input) => service.create(ctx, input),
    rest: { method: 'POST', path: '/api/__name__', status: 201 },
  }),
  update: mutation({
    summary: 'Ubah __name__',
    access: manage,
    input: z.object({ id: idParam, data: __name__Input }),
    entity: __NAME__,
    handler: (ctx, { id, data }) => service.update(ctx, id, data),
    rest: { method: 'PUT', path: '/api/__name__/:id', body: 'data' },
  }),
};
