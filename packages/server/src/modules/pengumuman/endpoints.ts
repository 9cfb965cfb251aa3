import { pengumumanInput, pengumumanListQuery } from '@klinik/shared';
import { mutation, query } from '../../http/endpoint.js';
import { myMenuAccess } from '../applog/index.js';
import { staffAccess } from '../users/index.js';
import * as service from './service.js';

export const pengumumanEndpoints = {
  /** Footer (10 latest) and /pengumuman page: every staff member reads. */
  list: query({
    summary: 'Pengumuman cabang ini, terbaru dahulu',
    access: staffAccess,
    input: pengumumanListQuery,
    rest: { method: 'GET', path: '/api/pengumuman', envelope: 'paged' },
    handler: (ctx, input) => service.list(ctx, input),
  }),
  /** Poster dialog: My Menu, so not investors. */
  create: mutation({
    summary: 'Buat pengumuman',
    access: myMenuAccess,
    input: pengumumanInput,
    rest: { method: 'POST', path: '/api/pengumuman', status: 201 },
    handler: (ctx, input) => service.create(ctx, input),
  }),
};
