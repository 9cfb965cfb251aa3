import { FORMLAB, ITEM, TINDAKAN } from './entities.js';
import type { EntityDef } from '../../http/access-scope.js';
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
import { mutation, query } from '../../http/endpoint.js';
import * as service from './service.js';

const byId = z.object({ id: idParam });

/**
 * The three masters (paths are ours; the spec names only the pages): /api/master/tindakanmedis, /api/master/item,
 * /api/master/laboratorium. GET (list: keyword, status, page, limit) · GET /:id · POST · PUT /:id ·
 * DELETE /:id (deactivates). Procedures and lab forms need MASTER_TREATMENT, items MASTER_ITEM.
 */
function masterEndpoints<K extends 'tindakan' | 'item' | 'formlab'>(
  base: string,
  kind: K,
  resource: Resource,
  label: string,
  input: z.ZodType<service.MasterInputs[K]>,
  entity: EntityDef,
) {
  return {
    list: query({
      summary: `Daftar ${label}`,
      access: access.feature(resource, 'read'),
      input: masterListQuery,
      rest: { method: 'GET', path: base, envelope: 'paged' },
      handler: (ctx, q) => service.list(ctx, kind, q),
    }),
    get: query({
      entity,
      summary: `Satu ${label}`,
      access: access.feature(resource, 'read'),
      input: byId,
      rest: { method: 'GET', path: `${base}/:id` },
      handler: (ctx, q) => service.get(ctx, kind, q.id),
    }),
    create: mutation({
      summary: `Tambah ${label}`,
      access: access.feature(resource, 'manage'),
      input,
      rest: { method: 'POST', path: base, status: 201 },
      handler: (ctx, body) => service.create(ctx, kind, body),
    }),
    update: mutation({
      entity,
      summary: `Ubah ${label}`,
      access: access.feature(resource, 'manage'),
      input: z.object({ id: idParam, data: input }),
      rest: { method: 'PUT', path: `${base}/:id`, body: 'data' },
      handler: (ctx, q) => service.update(ctx, kind, q.id, q.data),
    }),
    deactivate: mutation({
      entity,
      summary: `Nonaktifkan ${label}`,
      access: access.feature(resource, 'manage'),
      input: byId,
      rest: { method: 'DELETE', path: `${base}/:id` },
      handler: (ctx, q) => service.deactivate(ctx, kind, q.id),
    }),
  };
}

export const mastersEndpoints = {
  tindakan: masterEndpoints(
    '/api/master/tindakanmedis',
    'tindakan',
    'MASTER_TREATMENT',
    'tindakan medis',
    tindakanInput,
    TINDAKAN,
  ),
  item: masterEndpoints('/api/master/item', 'item', 'MASTER_ITEM', 'item', itemInput, ITEM),
  formlab: masterEndpoints(
    '/api/master/laboratorium',
    'formlab',
    'MASTER_TREATMENT',
    'form laboratorium',
    formLabInput,
    FORMLAB,
  ),
};
