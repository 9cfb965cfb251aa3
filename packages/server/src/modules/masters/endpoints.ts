import { FORMLAB, ITEM, TINDAKAN } from './entities.js';
import type { EntityDef } from '../../http/access-scope.js';
import { access, formLabInput, itemInput, masterListQuery, tindakanInput, z, type Resource } from '@klinik/shared';
import { masterEndpoints, query } from '../../http/endpoint.js';
import * as service from './service.js';

/**
 * The three masters (paths are ours; the spec names only the pages): /api/master/tindakanmedis, /api/master/item,
 * /api/master/laboratorium. GET (list: keyword, status, page, limit) · GET /:id · POST · PUT /:id ·
 * DELETE /:id (deactivates). Procedures and lab forms need MASTER_TREATMENT, items MASTER_ITEM.
 */
function masterOf<K extends 'tindakan' | 'item' | 'formlab'>(
  base: string,
  kind: K,
  resource: Resource,
  label: string,
  input: z.ZodType<service.MasterInputs[K]>,
  entity: EntityDef,
) {
  return masterEndpoints({
    label,
    path: base,
    entity,
    read: access.feature(resource, 'read'),
    manage: access.feature(resource, 'manage'),
    listInput: masterListQuery,
    input,
    list: (ctx, q) => service.list(ctx, kind, q),
    get: (ctx, id) => service.get(ctx, kind, id),
    create: (ctx, body) => service.create(ctx, kind, body),
    update: (ctx, id, body) => service.update(ctx, kind, id, body),
    deactivate: (ctx, id) => service.deactivate(ctx, kind, id),
  });
}

export const mastersEndpoints = {
  tindakan: masterOf(
    '/api/master/tindakanmedis',
    'tindakan',
    'MASTER_TREATMENT',
    'tindakan medis',
    tindakanInput,
    TINDAKAN,
  ),
  item: masterOf('/api/master/item', 'item', 'MASTER_ITEM', 'item', itemInput, ITEM),
  formlab: masterOf(
    '/api/master/laboratorium',
    'formlab',
    'MASTER_TREATMENT',
    'form laboratorium',
    formLabInput,
    FORMLAB,
  ),
  /** The picker of the lab form master: outside laboratories and hospitals (issue 28, branch w28). */
  labPartners: query({
    summary: 'Laboratorium dan rumah sakit luar cabang ini (tujuan form lab yang dikirim keluar)',
    access: access.feature('MASTER_TREATMENT', 'read'),
    input: z.object({}),
    handler: (ctx) => service.labPartners(ctx),
    rest: { method: 'GET', path: '/api/master/mitralab', envelope: 'list' },
  }),
};
