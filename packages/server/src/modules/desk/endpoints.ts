import { access, backofficeMemberQuery, memberListQuery, pricelistQuery } from '@klinik/shared';
import { query } from '../../http/endpoint.js';
import * as service from './service.js';

/** Around the desk (issue 11 item 7): read-only views; the pages /service/paket and /customer/{id} reuse paket and users. */
export const deskEndpoints = {
  pricelist: query({
    summary: "'Daftar Harga': perawatan, item, form lab dan paket aktif dengan harga",
    access: access.feature('PRICELIST', 'read'),
    input: pricelistQuery,
    handler: (ctx, input) => service.pricelist(ctx, input),
    rest: { method: 'GET', path: '/api/service/pricelist', envelope: 'list' },
  }),
  members: query({
    summary: "'Member': pasien dengan registrasi paket dan paketnya",
    access: access.feature('LAYANAN_MEMBERSHIP', 'read'),
    input: memberListQuery,
    handler: (ctx, input) => service.members(ctx, input),
    rest: { method: 'GET', path: '/api/membership/member', envelope: 'paged' },
  }),
  /** /backoffice/membership/member (issue 30); the service writes the members' read trail, as members' does. */
  backofficeMembers: query({
    summary: "'Member' semua cabang atau cabang terpilih (profile_id=1,2), pengguna top-level",
    access: access.toplevel(),
    input: backofficeMemberQuery,
    handler: (ctx, input) => service.backofficeMembers(ctx, input),
    rest: { method: 'GET', path: '/api/backoffice/membership/member', envelope: 'paged' },
  }),
};
