import { APPLOG_REQUEST } from './entities.js';
import { access, applogDecideInput, applogListQuery, approvalRuleUpdateInput, formatDateTime } from '@klinik/shared';
import { mutation, query, restOnly } from '../../http/endpoint.js';
import { buildXlsx, sendXlsx } from '../../lib/xlsx.js';
import { myMenuAccess } from './access.js';
import * as service from './service.js';

export const applogEndpoints = {
  /** Activity list / drawer (scope 'drawer' = my requests and those waiting for me). */
  list: query({
    summary: 'Aktivitas dan permintaan persetujuan',
    access: myMenuAccess,
    input: applogListQuery,
    rest: { method: 'GET', path: '/api/applog', envelope: 'paged' },
    handler: (ctx, input) => service.list(ctx, input),
  }),
  export: restOnly({
    summary: 'Ekspor aktivitas (xlsx)',
    access: myMenuAccess,
    input: applogListQuery,
    rest: {
      method: 'GET',
      path: '/api/applog/export',
      envelope: 'raw',
      produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    async handler(ctx, input, { reply }) {
      const rows = await service.exportRows(ctx, input);
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
  }),
  /** Approve (1) or reject (-1) once; approving carries the stored change out. */
  decide: mutation({
    entity: APPLOG_REQUEST,
    summary: 'Setujui (1) atau tolak (-1) permintaan',
    access: myMenuAccess,
    input: applogDecideInput,
    rest: { method: 'POST', path: '/api/applog/doconfirm/:id', body: 'data' },
    handler: (ctx, input) => service.decide(ctx, input.id, input.data),
  }),
};

/** /master/approval-rule */
export const approvalRulesEndpoints = {
  list: query({
    summary: 'Aturan persetujuan cabang ini',
    access: access.feature('SETTING_APPROVAL', 'read'),
    handler: (ctx) => service.listRules(ctx),
  }),
  update: mutation({
    summary: 'Ubah aturan persetujuan',
    access: access.feature('SETTING_APPROVAL', 'manage'),
    input: approvalRuleUpdateInput,
    handler: (ctx, input) => service.updateRule(ctx, input),
  }),
};
