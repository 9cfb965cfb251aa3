import { cashFlowQuery } from '@klinik/shared';
import { query } from '../../../http/endpoint.js';
import { financeRead } from '../access.js';
import { cashFlow } from './service.js';

/**
 * The financial statements hub (/finance/report): its profit and loss, balance sheet and trial balance are the
 * existing /api/finance/laporan/* reports; the cash-flow statement is new here.
 */
export const reportsHubEndpoints = {
  cashFlow: query({
    summary: 'Laporan arus kas (metode langsung)',
    access: financeRead,
    input: cashFlowQuery,
    rest: { method: 'GET', path: '/api/finance/laporan/aruskas' },
    handler: (ctx, input) => cashFlow(ctx, input),
  }),
};
