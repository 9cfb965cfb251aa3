/** REST and tRPC of doctor fee sharing (issue 29 items 1 and 2): /api/finance/sharing/*. */
import {
  MY_INCOME_ACCESS,
  SHARING_ACCESS,
  myIncomeQuery,
  myIncomeSlipQuery,
  type MyIncomeDto,
  idParam,
  sharingLineQuery,
  sharingResolveQuery,
  sharingRuleInput,
  sharingRuleQuery,
  sharingRunExcludeInput,
  sharingRunInput,
  sharingRunQuery,
  sharingRunSlipQuery,
  z,
} from '@klinik/shared';
import { IDEMPOTENCY_KEY, keyed, mutation, query, restOnly } from '../../http/endpoint.js';
import { SHARING_RULE, SHARING_RUN } from './entities.js';
import * as runs from './runs.js';
import { runSlipPdf } from './slip.js';
import { runBankXlsx, runBupotXlsx } from './exports.js';
import { sendXlsx } from '../../lib/xlsx.js';
import { listLines } from './fees.js';
import { authorizeIncome, income, incomePatients, incomeSlip } from './income.js';
import { USER } from '../users/index.js';
import * as rules from './rules.js';

/** Who may do what: SHARING_ACCESS (@klinik/shared; docs/decisions.md "Sharing rules"). */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const { read: sharingRead, manage: sharingManage, lines: sharingLinesRead } = SHARING_ACCESS;

export const sharingEndpoints = {
  rules: query({
    summary: 'Aturan sharing jasa dokter (filter dokter, tindakan, tanggal)',
    access: sharingRead,
    input: sharingRuleQuery,
    rest: { method: 'GET', path: '/api/finance/sharing/rules', envelope: 'list' },
    handler: (ctx, input) => rules.listRules(ctx, input),
  }),
  options: query({
    summary: 'Pilihan dokter dan tindakan cabang ini untuk aturan sharing',
    access: sharingRead,
    input: z.object({}),
    rest: { method: 'GET', path: '/api/finance/sharing/options' },
    handler: (ctx) => rules.options(ctx),
  }),
  resolve: query({
    summary: 'Aturan yang berlaku untuk dokter, tindakan dan tanggal, dengan alasannya',
    access: sharingRead,
    input: sharingResolveQuery,
    rest: { method: 'GET', path: '/api/finance/sharing/rules/resolve' },
    handler: (ctx, input) => rules.resolveRule(ctx, input),
  }),
  create: mutation({
    summary: 'Buat aturan sharing (Idempotency-Key); aturan yang bertumpuk ditolak (409)',
    access: sharingManage,
    input: keyed(sharingRuleInput),
    handler: (ctx, { idempotency_key: _key, ...input }) => rules.createRule(ctx, input),
    rest: { method: 'POST', path: '/api/finance/sharing/rules', status: 201, idempotencyKey: IDEMPOTENCY_KEY },
  }),
  update: mutation({
    summary: 'Ubah aturan sharing; aturan yang sudah dipakai ditutup dan dilanjutkan sebagai versi baru',
    access: sharingManage,
    entity: SHARING_RULE,
    input: z.object({ id: idParam, data: sharingRuleInput }),
    handler: (ctx, input) => rules.updateRule(ctx, input.id, input.data),
    rest: { method: 'PUT', path: '/api/finance/sharing/rules/:id', body: 'data' },
  }),
  lines: query({
    summary: 'Baris jasa dokter (dokter hanya miliknya sendiri)',
    access: sharingLinesRead,
    input: sharingLineQuery,
    rest: { method: 'GET', path: '/api/finance/sharing/lines', envelope: 'list' },
    handler: (ctx, input) => listLines(ctx, input),
  }),
  runs: query({
    summary: 'Perhitungan jasa dokter cabang ini (?period=)',
    access: sharingManage,
    input: sharingRunQuery,
    rest: { method: 'GET', path: '/api/finance/sharing/runs', envelope: 'list' },
    handler: (ctx, input) => runs.listRuns(ctx, input),
  }),
  run: query({
    summary: 'Satu perhitungan jasa dokter: per dokter baris, bruto, dasar pajak, PPh 21 dan neto',
    access: sharingManage,
    entity: SHARING_RUN,
    input: z.object({ id: idParam }),
    rest: { method: 'GET', path: '/api/finance/sharing/runs/:id' },
    handler: (ctx, { id }) => runs.getRun(ctx, id),
  }),
  createRun: mutation({
    summary: 'Hitung jasa dokter satu bulan sampai tanggal batas (Idempotency-Key); satu perhitungan terbuka per bulan',
    access: sharingManage,
    input: sharingRunInput,
    handler: (ctx, input) => runs.createRun(ctx, input),
    rest: { method: 'POST', path: '/api/finance/sharing/runs', status: 201, idempotencyKey: IDEMPOTENCY_KEY },
  }),
  excludeLine: mutation({
    summary: 'Keluarkan satu baris dari perhitungan sebelum disetujui, dengan alasan',
    access: sharingManage,
    entity: SHARING_RUN,
    input: sharingRunExcludeInput,
    handler: (ctx, input) => runs.excludeLine(ctx, input),
    rest: { method: 'POST', path: '/api/finance/sharing/runs/:id/exclude' },
  }),
  approveRun: mutation({
    summary:
      'Ajukan persetujuan perhitungan jasa dokter (202), atau setujui oleh orang kedua (bukan pembuatnya): jurnal PPh 21',
    access: sharingManage,
    entity: SHARING_RUN,
    input: keyed(z.object({ id: idParam })),
    handler: (ctx, { id }) => runs.approveRun(ctx, id),
    rest: {
      method: 'POST',
      path: '/api/finance/sharing/runs/:id/approve',
      idempotencyKey: IDEMPOTENCY_KEY,
      statusOf: (out) => (out.pending ? 202 : 200),
      statuses: [200, 202],
      present: (out) => (out.pending ? out : out.data),
    },
  }),
  slip: restOnly({
    summary: 'Slip jasa dokter satu dokter dalam perhitungan (PDF)',
    access: sharingManage,
    entity: SHARING_RUN,
    input: sharingRunSlipQuery,
    rest: {
      method: 'GET',
      path: '/api/finance/sharing/runs/:id/slip',
      envelope: 'raw',
      produces: 'application/pdf',
    },
    async handler(ctx, { id, doctor }, { reply }) {
      const { pdf, filename } = await runSlipPdf(ctx, id, doctor);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
  bankXlsx: restOnly({
    summary: 'Daftar transfer bank perhitungan jasa dokter yang disetujui (Excel: dokter, bank, rekening, neto)',
    access: sharingManage,
    entity: SHARING_RUN,
    input: z.object({ id: idParam }),
    rest: { method: 'GET', path: '/api/finance/sharing/runs/:id/bank', envelope: 'raw', produces: XLSX },
    async handler(ctx, { id }, { reply }) {
      const { buffer, filename } = await runBankXlsx(ctx, id);
      return sendXlsx(reply.header('cache-control', 'no-store'), filename, buffer);
    },
  }),
  bupotXlsx: restOnly({
    summary: 'Daftar PPh 21 jasa dokter untuk bukti potong (Excel: NPWP/NIK, nama, bruto, DPP 50%, tarif, PPh 21)',
    access: sharingManage,
    entity: SHARING_RUN,
    input: z.object({ id: idParam }),
    rest: { method: 'GET', path: '/api/finance/sharing/runs/:id/bupot', envelope: 'raw', produces: XLSX },
    async handler(ctx, { id }, { reply }) {
      const { buffer, filename } = await runBupotXlsx(ctx, id);
      return sendXlsx(reply.header('cache-control', 'no-store'), filename, buffer);
    },
  }),
  myIncome: query({
    summary: 'Pendapatan Saya: baris jasa dokter, perhitungan dan slip, atau bagi hasil investor (hanya milik sendiri)',
    access: MY_INCOME_ACCESS,
    entity: USER,
    input: myIncomeQuery,
    authorize: (ctx, input) => authorizeIncome(ctx, input),
    readAudit: {
      entity: 'patient',
      ids: (_input, result: MyIncomeDto, ctx) => incomePatients(ctx, result),
      detail: (input) => ({ what: 'income', user: input.id }),
    },
    rest: { method: 'GET', path: '/api/users/:id/income' },
    handler: (ctx, input) => income(ctx, input),
  }),
  // The run is a query parameter and the doctor the caller (like the payroll's own payslip): one's own slip only.
  incomeSlip: restOnly({
    summary: 'Slip jasa dokter saya dari perhitungan yang disetujui (PDF)',
    access: MY_INCOME_ACCESS,
    input: myIncomeSlipQuery,
    rest: { method: 'GET', path: '/api/finance/sharing/my/slip', envelope: 'raw', produces: 'application/pdf' },
    async handler(ctx, input, { reply }) {
      const { pdf, filename } = await incomeSlip(ctx, input);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
};
