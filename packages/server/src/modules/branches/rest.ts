import type { FastifyInstance } from 'fastify';
import { access, branchInput, branchListQuery, branchUpdateInput, z, idParam } from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { notFound } from '../../http/errors.js';
import { openUpload, readImageUpload } from '../../lib/uploads.js';
import * as service from './service.js';

const params = z.object({ id: idParam });

export function branchesRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'GET',
    url: '/api/profile',
    access: access.auth,
    query: branchListQuery,
    async handler(ctx, { query }) {
      const data = await service.list(ctx, query);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/profile/:id',
    access: access.auth,
    params,
    async handler(ctx, { params }) {
      return { data: await service.get(ctx, params.id) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/profile',
    access: access.feature('SETTING_USER', 'manage'),
    body: branchInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.create(ctx, body) };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/profile/:id',
    access: access.feature('SETTING_USER', 'manage'),
    params,
    body: branchUpdateInput,
    async handler(ctx, { params, body }) {
      return { data: await service.update(ctx, params.id, body) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/profile/uploadavatar/:id',
    access: access.feature('SETTING_USER', 'manage'),
    params,
    async handler(ctx, { params }, req) {
      const image = await readImageUpload(req);
      return { data: await service.uploadLogo(ctx, params.id, image) };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/files/profile/:id/logo',
    access: access.auth,
    params,
    async handler(ctx, { params }, _req, reply) {
      const rel = await service.logoPath(ctx, params.id);
      const file = await openUpload(ctx.config.uploadDir, rel);
      if (!file) throw notFound('Logo tidak ditemukan');
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });
}
