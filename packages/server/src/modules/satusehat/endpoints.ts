import { access, idParam, satusehatInput, satusehatListQuery, z } from '@klinik/shared';
import { mutation, query } from '../../http/endpoint.js';
import { SATUSEHAT } from './entities.js';
import * as service from './service.js';

// Replace MASTER_ITEM_CATEGORY with the spec's resource for this module (packages/shared/src/access.ts RESOURCES).
const read = access.feature('MASTER_ITEM_CATEGORY', 'read');
const manage = access.feature('MASTER_ITEM_CATEGORY', 'manage');

/** Every endpoint declared once: tRPC procedure, REST route and OpenAPI entry come from here. */
export const satusehatEndpoints = {
  list: query({
    summary: 'Daftar satusehat cabang ini',
    access: read,
    input: satusehatListQuery,
    handler: (ctx, q) => service.list(ctx, q),
    rest: { method: 'GET', path: '/api/satusehat', envelope: 'paged' },
  }),
  get: query({
    summary: 'Satu satusehat',
    access: read,
    input: z.object({ id: idParam }),
    entity: SATUSEHAT,
    handler: (ctx, { id }) => service.get(ctx, id),
    rest: { method: 'GET', path: '/api/satusehat/:id' },
  }),
  create: mutation({
    summary: 'Tambah satusehat',
    access: manage,
    input: satusehatInput,
    handler: (ctx, input) => service.create(ctx, input),
    rest: { method: 'POST', path: '/api/satusehat', status: 201 },
  }),
  update: mutation({
    summary: 'Ubah satusehat',
    access: manage,
    input: z.object({ id: idParam, data: satusehatInput }),
    entity: SATUSEHAT,
    handler: (ctx, { id, data }) => service.update(ctx, id, data),
    rest: { method: 'PUT', path: '/api/satusehat/:id', body: 'data' },
  }),
};
