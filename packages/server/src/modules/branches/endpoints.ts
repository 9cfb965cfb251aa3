import { BRANCH, BRANCH_LOGO } from './entities.js';
import { access, branchInput, branchListQuery, branchUpdateInput, idParam, z } from '@klinik/shared';
import { query, restOnly, saveEndpoints } from '../../http/endpoint.js';
import { notFound } from '../../http/errors.js';
import { openUpload, readImageUpload } from '../../lib/uploads.js';
import * as service from './service.js';

const byId = z.object({ id: idParam });

export const branchesEndpoints = {
  list: query({
    summary: 'Cabang (isallbranch=1: semua, untuk pengguna pusat)',
    access: access.auth,
    input: branchListQuery,
    rest: { method: 'GET', path: '/api/profile', envelope: 'list' },
    handler: (ctx, input) => service.list(ctx, input),
  }),
  get: query({
    entity: BRANCH,
    summary: 'Satu cabang',
    access: access.auth,
    input: byId,
    rest: { method: 'GET', path: '/api/profile/:id' },
    handler: (ctx, input) => service.get(ctx, input.id),
  }),
  ...saveEndpoints({
    path: '/api/profile',
    access: access.feature('SETTING_USER', 'manage'),
    entity: BRANCH,
    input: branchInput,
    updateInput: branchUpdateInput,
    create: service.create,
    update: service.update,
    summary: { create: 'Buka cabang baru', update: 'Ubah cabang' },
  }),
  uploadLogo: restOnly({
    entity: BRANCH,
    summary: 'Unggah logo cabang (multipart, maks. 10 MB)',
    access: access.feature('SETTING_USER', 'manage'),
    input: byId,
    rest: { method: 'POST', path: '/api/profile/uploadavatar/:id', consumes: 'multipart/form-data' },
    async handler(ctx, input, { req }) {
      const image = await readImageUpload(req);
      return service.uploadLogo(ctx, input.id, image);
    },
  }),
  logo: restOnly({
    entity: BRANCH_LOGO,
    summary: 'Logo cabang',
    access: access.auth,
    input: byId,
    rest: { method: 'GET', path: '/api/files/profile/:id/logo', envelope: 'raw', produces: 'image/*' },
    async handler(ctx, input, { reply }) {
      const rel = await service.logoPath(ctx, input.id);
      const file = await openUpload(ctx.config.uploadDir, rel, { kind: 'profile', id: input.id });
      if (!file) throw notFound('Logo tidak ditemukan');
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  }),
};
