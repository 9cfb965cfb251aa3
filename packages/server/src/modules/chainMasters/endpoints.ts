import { access, chainMasterKind, chainMasterListQuery, idParam, z } from '@klinik/shared';
import { mutation, query } from '../../http/endpoint.js';
import { CHAIN_MASTER } from './entities.js';
import * as service from './service.js';

/**
 * The head office's masters (issue 30 item 2): top-level users (any non-empty `roletoplevel`, the Backoffice's
 * users). The body is the kind's form (the branch master's own schema), checked by the service against that kind.
 */
const headOffice = access.toplevel(true);
const body = z.record(z.string(), z.unknown());

export const chainMastersEndpoints = {
  list: query({
    summary: 'Master jaringan (Backoffice): item, kategori item, supplier, perawatan, dengan cabang pemakainya',
    access: headOffice,
    input: chainMasterListQuery,
    handler: (ctx, q) => service.list(ctx, q),
    rest: { method: 'GET', path: '/api/backoffice/master/:kind', envelope: 'paged' },
  }),
  get: query({
    summary: 'Satu master jaringan (Backoffice)',
    access: headOffice,
    input: z.object({ kind: chainMasterKind, id: idParam }),
    entity: CHAIN_MASTER,
    handler: (ctx, { kind, id }) => service.get(ctx, kind, id),
    rest: { method: 'GET', path: '/api/backoffice/master/:kind/:id' },
  }),
  create: mutation({
    summary: 'Buat master jaringan; setiap cabang mendapat barisnya dalam transaksi yang sama',
    access: headOffice,
    input: z.object({ kind: chainMasterKind, data: body }),
    handler: (ctx, { kind, data }) => service.create(ctx, kind, data),
    rest: { method: 'POST', path: '/api/backoffice/master/:kind', status: 201, body: 'data' },
  }),
  update: mutation({
    summary: 'Ubah master jaringan (status 0 menonaktifkan) dan baris setiap cabang',
    access: headOffice,
    input: z.object({ kind: chainMasterKind, id: idParam, data: body }),
    entity: CHAIN_MASTER,
    handler: (ctx, { kind, id, data }) => service.update(ctx, kind, id, data),
    rest: { method: 'PUT', path: '/api/backoffice/master/:kind/:id', body: 'data' },
  }),
};
