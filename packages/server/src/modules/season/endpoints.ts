import { access, idParam, seasonInput, seasonListQuery, z } from '@klinik/shared';
import { IDEMPOTENCY_KEY, mutation, query } from '../../http/endpoint.js';
import { authorizeSeason } from './access.js';
import { SEASON } from './entities.js';
import * as service from './service.js';

/** The admin panel (spec 2.10): superadmin and the top-level roles. */
const adminPanel = access.roles('superadmin', 'toplevel');

/** 'Musim Promo' (issue 30 item 6): every endpoint declared once. */
export const seasonEndpoints = {
  list: query({
    summary: 'Daftar musim promo',
    access: adminPanel,
    input: seasonListQuery,
    handler: (ctx, q) => service.list(ctx, q),
    rest: { method: 'GET', path: '/api/season', envelope: 'paged' },
  }),
  get: query({
    summary: 'Satu musim promo',
    access: adminPanel,
    input: z.object({ id: idParam }),
    entity: SEASON,
    authorize: (ctx, { id }) => authorizeSeason(ctx, id, 'read'),
    handler: (ctx, { id }) => service.get(ctx, id),
    rest: { method: 'GET', path: '/api/season/:id' },
  }),
  create: mutation({
    summary: 'Tambah musim promo (satu musim aktif per cabang pada satu tanggal)',
    access: adminPanel,
    input: seasonInput,
    handler: (ctx, input) => service.create(ctx, input),
    rest: { method: 'POST', path: '/api/season', status: 201, idempotencyKey: IDEMPOTENCY_KEY },
  }),
  update: mutation({
    summary: 'Ubah musim promo',
    access: adminPanel,
    input: z.object({ id: idParam, data: seasonInput }),
    entity: SEASON,
    authorize: (ctx, { id }) => authorizeSeason(ctx, id, 'write'),
    handler: (ctx, { id, data }) => service.update(ctx, id, data),
    rest: { method: 'PUT', path: '/api/season/:id', body: 'data' },
  }),
};
