import { access, backofficeSummaryQuery, consolidatedReportQuery } from '@klinik/shared';
import { query } from '../../http/endpoint.js';
import { summary } from './service.js';
import { consolidatedBalanceSheet, consolidatedTrialBalance, profitLossByBranch } from './finance.js';

/** Issue 30 item 1: the head office's dashboard comparing branches (top-level users: owner, developer). */
export const backofficeEndpoints = {
  summary: query({
    summary: 'Ringkasan Backoffice per cabang dan bulan (pendapatan, kunjungan, pasien baru, paket, piutang, stok)',
    access: access.toplevel(),
    input: backofficeSummaryQuery,
    rest: { method: 'GET', path: '/api/backoffice/summary' },
    handler: (ctx, input) => summary(ctx, input),
  }),
  finance: {
    trialBalance: query({
      summary:
        'Neraca saldo cabang terpilih: per cabang, atau konsolidasi (consolidated=1) dengan eliminasi antar cabang',
      access: access.toplevel(),
      input: consolidatedReportQuery,
      rest: { method: 'GET', path: '/api/backoffice/finance/trialbalance' },
      handler: (ctx, input) => consolidatedTrialBalance(ctx, input),
    }),
    profitLoss: query({
      summary: 'Laba rugi cabang terpilih, satu kolom per cabang (columns=branch) dan total',
      access: access.toplevel(),
      input: consolidatedReportQuery,
      rest: { method: 'GET', path: '/api/backoffice/finance/labarugi' },
      handler: (ctx, input) => profitLossByBranch(ctx, input),
    }),
    balanceSheet: query({
      summary: 'Neraca konsolidasi cabang terpilih per tanggal akhir, saldo antar cabang dieliminasi',
      access: access.toplevel(),
      input: consolidatedReportQuery,
      rest: { method: 'GET', path: '/api/backoffice/finance/neraca' },
      handler: (ctx, input) => consolidatedBalanceSheet(ctx, input),
    }),
  },
};
