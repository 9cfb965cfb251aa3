import { FINANCE_ACCESS, incomeQuery } from '@klinik/shared';
import { query } from '../../../http/endpoint.js';
import { incomeReport } from './service.js';

/** Issue 28 item 6: GET /api/finance/income/{tindakanmedis|service|paket|treatment|pendingformlab}. */
export const incomeEndpoints = {
  report: query({
    summary: 'Laporan pendapatan (tindakan medis, layanan, paket, perawatan, form lab tertunda)',
    access: FINANCE_ACCESS.incomeRead,
    input: incomeQuery,
    rest: { method: 'GET', path: '/api/finance/income/:kind', envelope: 'paged' },
    handler: (ctx, input) => incomeReport(ctx, input),
  }),
};
