import type { FastifyInstance } from 'fastify';
import {
  access,
  changePasswordInput,
  customerSearchQuery,
  employeeCreateInput,
  formatDate,
  idParam,
  newPatientInput,
  privilegesInput,
  STAFF_ACCESS,
  userAdminListQuery,
  userListQuery,
  userPutInput,
  z,
} from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { openUpload, readImageUpload } from '../../lib/uploads.js';
import { buildXlsx, sendXlsx } from '../../lib/xlsx.js';
import { notFound } from '../../http/errors.js';
import * as service from './service.js';

/** Any staff member (not patients): who may look people up; the service narrows further. */
export const staffAccess = STAFF_ACCESS;

const params = z.object({ id: idParam });

export function usersRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'GET',
    url: '/api/users',
    access: staffAccess,
    query: userListQuery,
    async handler(ctx, { query }) {
      return service.list(ctx, query);
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/users/export',
    access: access.feature('SETTING_USER', 'read'),
    query: userAdminListQuery,
    async handler(ctx, { query }, _req, reply) {
      const rows = await service.exportList(ctx, query);
      const buf = await buildXlsx(
        'Pengguna',
        [
          { header: 'Username / No RM', width: 20, value: (r) => r.username },
          { header: 'Nama', width: 30, value: (r) => r.name },
          { header: 'Role', width: 15, value: (r) => r.rolename },
          { header: 'Status', width: 12, value: (r) => (r.status === 1 ? 'Aktif' : 'Tidak Aktif') },
          { header: 'Jenis Kelamin', width: 14, value: (r) => r.gendername },
          { header: 'Telepon', width: 18, value: (r) => r.phone },
          { header: 'Email', width: 25, value: (r) => r.email },
          { header: 'Alamat', width: 40, value: (r) => r.address },
          { header: 'Bergabung', width: 18, value: (r) => (r.join_at ? formatDate(r.join_at) : null) },
        ],
        rows,
      );
      return sendXlsx(reply, 'pengguna.xlsx', buf);
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/users/:id',
    access: staffAccess,
    params,
    async handler(ctx, { params }) {
      return { data: await service.get(ctx, params.id) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/users',
    access: access.feature('PASIEN', 'manage'),
    body: newPatientInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.createPatient(ctx, body) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/users/employee',
    access: access.feature('SETTING_USER', 'manage'),
    body: employeeCreateInput,
    async handler(ctx, { body }, _req, reply) {
      const out = await service.createEmployee(ctx, body);
      // 202 with { pending, applog_id, message } when the new account waits for approval (issue 8).
      reply.status(out.pending ? 202 : 201);
      return { data: out.pending ? out : out.data };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/users/:id',
    access: staffAccess,
    params,
    body: userPutInput,
    async handler(ctx, { params, body }, _req, reply) {
      const out = await service.put(ctx, params.id, body);
      if (out.pending) {
        reply.status(202);
        return { data: out };
      }
      return { data: out.data };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/users/changepassword/:id',
    access: staffAccess,
    params,
    body: changePasswordInput,
    async handler(ctx, { params, body }) {
      return { data: await service.changePassword(ctx, params.id, body) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/users/uploadavatar/:id',
    access: staffAccess,
    params,
    async handler(ctx, { params }, req) {
      const image = await readImageUpload(req);
      return { data: await service.uploadAvatar(ctx, params.id, image) };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/users/:id/privileges',
    access: access.feature('SETTING_USER', 'read'),
    params,
    async handler(ctx, { params }) {
      return { data: await service.getPrivileges(ctx, params.id) };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/users/:id/privileges',
    access: access.feature('SETTING_USER', 'manage'),
    params,
    body: z.object({ previleges: privilegesInput }),
    async handler(ctx, { params, body }, _req, reply) {
      const out = await service.setPrivileges(ctx, params.id, body.previleges);
      if (out.pending) {
        reply.status(202);
        return { data: out };
      }
      return { data: out.data };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/customer',
    access: staffAccess,
    query: customerSearchQuery,
    async handler(ctx, { query }) {
      const data = await service.searchCustomers(ctx, query);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/files/users/:id/avatar',
    access: access.auth,
    params,
    async handler(ctx, { params }, _req, reply) {
      const rel = await service.avatarPath(ctx, params.id);
      const file = await openUpload(ctx.config.uploadDir, rel);
      if (!file) throw notFound('Foto tidak ditemukan');
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });
}
