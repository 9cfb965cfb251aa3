import { access, backofficeSummaryQuery } from '@klinik/shared';
import { query } from '../../http/endpoint.js';
import { summary } from './service.js';

/** Issue 30 item 1: the head office's dashboard comparing branches (top-level users: owner, developer). */
export const backofficeEndpoints = {
  summary: query({
    summary: 'Ringkasan Backoffice per cabang dan bulan (pendapatan, kunjungan, pasien baru, paket, piutang, stok)',
    access: access.toplevel(),
    input: backofficeSummaryQuery,
    rest: { method: 'GET', path: '/api/backoffice/summary' },
    handler: (ctx, input) => summary(ctx, input),
  }),
};
