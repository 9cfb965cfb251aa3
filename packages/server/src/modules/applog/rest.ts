import type { FastifyInstance } from 'fastify';
import { applogDecisionInput, applogListQuery, formatDateTime, idParam, MY_MENU_ACCESS, z } from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { buildXlsx, sendXlsx } from '../../lib/xlsx.js';
import * as service from './service.js';

/** My Menu (announcements, approvals, activity): every staff role except investor (spec 6). */
export const myMenuAccess = MY_MENU_ACCESS;

export function applogRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'GET',
    url: '/api/applog',
    access: myMenuAccess,
    query: applogListQuery,
    async handler(ctx, { query }) {
      return service.list(ctx, query);
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/applog/export',
    access: myMenuAccess,
    query: applogListQuery,
    async handler(ctx, { query }, _req, reply) {
      const rows = await service.exportRows(ctx, query);
      const buf = await buildXlsx(
        'Aktivitas',
        [
          { header: 'Waktu', width: 22, value: (r) => formatDateTime(r.logtime) },
          { header: 'Pengguna', width: 25, value: (r) => r.userdata.name },
          { header: 'Aktivitas', width: 50, value: (r) => r.message },
          { header: 'Catatan', width: 30, value: (r) => r.note },
          { header: 'Status', width: 22, value: (r) => r.statusname },
          { header: 'Alasan', width: 30, value: (r) => r.reason },
          { header: 'Diputuskan oleh', width: 25, value: (r) => r.decidedby?.name ?? null },
        ],
        rows,
      );
      return sendXlsx(reply, 'aktivitas.xlsx', buf);
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/applog/doconfirm/:id',
    access: myMenuAccess,
    params: z.object({ id: idParam }),
    body: applogDecisionInput,
    async handler(ctx, { params, body }) {
      return { data: await service.decide(ctx, params.id, body) };
    },
  });
}
