import {
  INVESTOR_DASHBOARD_ACCESS,
  devidenIncomeQuery,
  investorDashboardQuery,
  devidenRunInput,
  devidenRunQuery,
  devidenSettingInput,
  devidenSettingQuery,
  devidenSlipQuery,
  idParam,
  investorInput,
  investorListQuery,
  z,
} from '@klinik/shared';
import { IDEMPOTENCY_KEY, mutation, query, restOnly } from '../../http/endpoint.js';
import { sharingManage, sharingRead } from './access.js';
import { DEVIDEN_RUN, INVESTOR } from './entities.js';
import * as service from './service.js';
import * as runs from './runs.js';
import { slipPdf } from './slip.js';
import { investorDashboard } from './dashboard.js';

/** Investors, deviden settings and distribution runs (issue 29 part B): every endpoint declared once. */
export const investorsEndpoints = {
  list: query({
    summary: 'Daftar investor, rumah sakit, laboratorium dan mitra cabang ini (investor: miliknya sendiri)',
    access: sharingRead,
    input: investorListQuery,
    handler: (ctx, q) => service.listInvestors(ctx, q),
    rest: { method: 'GET', path: '/api/finance/investor', envelope: 'paged' },
  }),
  get: query({
    summary: 'Satu investor',
    access: sharingRead,
    input: z.object({ id: idParam }),
    entity: INVESTOR,
    handler: (ctx, { id }) => service.getInvestor(ctx, id),
    rest: { method: 'GET', path: '/api/finance/investor/:id' },
  }),
  create: mutation({
    summary: 'Tambah investor / rumah sakit / laboratorium / mitra',
    access: sharingManage,
    input: investorInput,
    handler: (ctx, input) => service.createInvestor(ctx, input),
    rest: { method: 'POST', path: '/api/finance/investor', status: 201 },
  }),
  update: mutation({
    summary: 'Ubah investor',
    access: sharingManage,
    input: z.object({ id: idParam, data: investorInput }),
    entity: INVESTOR,
    handler: (ctx, { id, data }) => service.updateInvestor(ctx, id, data),
    rest: { method: 'PUT', path: '/api/finance/investor/:id', body: 'data' },
  }),
  settings: query({
    summary: 'Pengaturan deviden cabang ini (?investor=, ?date= yang berlaku pada tanggal itu)',
    access: sharingRead,
    input: devidenSettingQuery,
    handler: (ctx, q) => service.listSettings(ctx, q),
    rest: { method: 'GET', path: '/api/finance/deviden/settings', envelope: 'list' },
  }),
  createSetting: mutation({
    summary: 'Tambah pengaturan deviden (tumpang tindih ditolak database)',
    access: sharingManage,
    input: devidenSettingInput,
    handler: (ctx, input) => service.createSetting(ctx, input),
    rest: { method: 'POST', path: '/api/finance/deviden/settings', status: 201 },
  }),
  runs: query({
    summary: 'Daftar distribusi deviden cabang ini (investor: baris miliknya sendiri)',
    access: sharingRead,
    input: devidenRunQuery,
    handler: (ctx, q) => runs.listRuns(ctx, q),
    rest: { method: 'GET', path: '/api/finance/deviden/runs', envelope: 'list' },
  }),
  run: query({
    summary: 'Satu distribusi deviden',
    access: sharingRead,
    input: z.object({ id: idParam }),
    entity: DEVIDEN_RUN,
    handler: (ctx, { id }) => runs.getRun(ctx, id),
    rest: { method: 'GET', path: '/api/finance/deviden/runs/:id' },
  }),
  createRun: mutation({
    summary: 'Hitung distribusi deviden satu bulan dan ajukan persetujuan (Idempotency-Key)',
    access: sharingManage,
    input: devidenRunInput,
    handler: (ctx, input) => runs.createRun(ctx, input),
    rest: { method: 'POST', path: '/api/finance/deviden/runs', status: 201, idempotencyKey: IDEMPOTENCY_KEY },
  }),
  slip: restOnly({
    summary: 'Slip bagi hasil satu investor (PDF)',
    access: sharingRead,
    input: devidenSlipQuery,
    entity: DEVIDEN_RUN,
    rest: { method: 'GET', path: '/api/finance/deviden/runs/:id/slip', envelope: 'raw', produces: 'application/pdf' },
    async handler(ctx, { id, investor }, { reply }) {
      const { pdf, filename } = await slipPdf(ctx, id, investor);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
  income: query({
    summary: 'Pendapatan investor per tindakan medis dan periode',
    access: sharingRead,
    input: devidenIncomeQuery,
    handler: (ctx, q) => runs.devidenIncome(ctx, q),
    rest: { method: 'GET', path: '/api/finance/income/tindakanmedis/deviden', envelope: 'list' },
  }),
  dashboard: query({
    summary: 'Data Investor: cabang investor ini per bulan (pendapatan, laba, kunjungan, bagi hasil diterima)',
    access: INVESTOR_DASHBOARD_ACCESS,
    input: investorDashboardQuery,
    handler: (ctx, input) => investorDashboard(ctx, input),
    rest: { method: 'GET', path: '/api/dashboard/stakeholder/investor' },
  }),
};
