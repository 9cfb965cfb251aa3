import { AKUN, JURNAL, PAJAK, PAYMENT_METHOD, PERIODE } from './entities.js';
import {
  CHAIN_OWNED_MESSAGE,
  autopostingPreviewInput,
  autopostingUpdateInput,
  akunInput,
  akunListQuery,
  akunUpdateInput,
  emptyToUndefined,
  idParam,
  jurnalInput,
  jurnalListQuery,
  ledgerQuery,
  pajakInput,
  pajakUpdateInput,
  paymentMethodInput,
  paymentMethodUpdateInput,
  periodeCloseInput,
  periodeInput,
  periodeListQuery,
  reportQuery,
  reverseInput,
  z,
} from '@klinik/shared';
import { IDEMPOTENCY_KEY, keyed, mutation, query, saveEndpoints } from '../../http/endpoint.js';
import { financeManage, financeRead, paymentMethodManage, paymentMethodRead } from './access.js';
import * as accounts from './services/accounts.js';
import * as journals from './services/journals.js';
import * as masters from './services/masters.js';
import * as periods from './services/periods.js';
import * as reports from './services/reports.js';
import { incomeEndpoints } from './income/endpoints.js';
import { reportsHubEndpoints } from './reports-hub/endpoints.js';
import { hutangEndpoints } from './payables/endpoints.js';
import * as autoposting from './autoposting/service.js';

const byId = z.object({ id: idParam });
const statusFilter = z
  .object({ status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()) })
  .optional();

/** Spec 7 finance paths (periode, akun, jurnal) and the reports and masters of issue 4. */
export const financeEndpoints = {
  hutang: hutangEndpoints,
  akun: {
    list: query({
      summary: 'Bagan akun dengan saldo',
      access: financeRead,
      input: akunListQuery,
      rest: { method: 'GET', path: '/api/finance/akun', envelope: 'list' },
      handler: (ctx, input) => accounts.listAkun(ctx, input),
    }),
    ...saveEndpoints({
      path: '/api/finance/akun',
      access: financeManage,
      entity: AKUN,
      input: akunInput,
      updateInput: akunUpdateInput,
      create: accounts.createAkun,
      update: accounts.updateAkun,
      summary: { create: 'Tambah akun', update: 'Ubah akun' },
    }),
    remove: mutation({
      entity: AKUN,
      summary: 'Hapus akun yang belum pernah dipakai',
      access: financeManage,
      input: byId,
      rest: { method: 'DELETE', path: '/api/finance/akun/:id' },
      handler: (ctx, input) => accounts.deleteAkun(ctx, input.id),
    }),
  },
  periode: {
    list: query({
      summary: 'Periode pembukuan',
      access: financeRead,
      input: periodeListQuery,
      rest: { method: 'GET', path: '/api/finance/periode', envelope: 'list' },
      handler: (ctx, input) => periods.listPeriode(ctx, input),
    }),
    get: query({
      entity: PERIODE,
      summary: 'Periode pembukuan dengan saldo awal dan akhir',
      access: financeRead,
      input: byId,
      rest: { method: 'GET', path: '/api/finance/periode/:id' },
      handler: (ctx, input) => periods.getPeriode(ctx, input.id),
    }),
    create: mutation({
      summary: 'Buka periode pembukuan',
      access: financeManage,
      input: keyed(periodeInput),
      rest: { method: 'POST', path: '/api/finance/periode', status: 201, idempotencyKey: IDEMPOTENCY_KEY },
      handler: (ctx, { idempotency_key: _key, ...input }) => periods.createPeriode(ctx, input),
    }),
    close: mutation({
      entity: PERIODE,
      summary: 'Tutup periode pembukuan (jurnal penutup)',
      access: financeManage,
      input: keyed(z.object({ id: idParam, data: periodeCloseInput })),
      rest: { method: 'POST', path: '/api/finance/periode/:id/close', body: 'data', idempotencyKey: IDEMPOTENCY_KEY },
      handler: (ctx, input) => periods.closePeriode(ctx, input.id, input.data),
    }),
  },
  jurnal: {
    list: query({
      summary: 'Daftar jurnal',
      access: financeRead,
      input: jurnalListQuery,
      rest: { method: 'GET', path: '/api/finance/jurnal', envelope: 'paged' },
      handler: (ctx, input) => journals.listJurnal(ctx, input),
    }),
    get: query({
      entity: JURNAL,
      summary: 'Satu jurnal dengan rinciannya',
      access: financeRead,
      input: byId,
      rest: { method: 'GET', path: '/api/finance/jurnal/:id' },
      handler: (ctx, input) => journals.getJurnal(ctx, input.id),
    }),
    create: mutation({
      summary: 'Simpan jurnal umum',
      access: financeManage,
      input: keyed(jurnalInput),
      rest: { method: 'POST', path: '/api/finance/jurnal', status: 201, idempotencyKey: IDEMPOTENCY_KEY },
      handler: (ctx, { idempotency_key: _key, ...input }) => journals.createJurnal(ctx, input),
    }),
    reverse: mutation({
      entity: JURNAL,
      summary: 'Batalkan jurnal (jurnal pembalik)',
      access: financeManage,
      input: keyed(z.object({ id: idParam, data: reverseInput })),
      rest: {
        method: 'POST',
        path: '/api/finance/jurnal/:id/reverse',
        body: 'data',
        status: 201,
        idempotencyKey: IDEMPOTENCY_KEY,
      },
      handler: (ctx, input) => journals.reverseJurnal(ctx, input.id, input.data),
    }),
  },
  laporan: {
    trialBalance: query({
      summary: 'Neraca saldo',
      access: financeRead,
      input: reportQuery,
      rest: { method: 'GET', path: '/api/finance/laporan/trialbalance' },
      handler: (ctx, input) => reports.trialBalance(ctx, input),
    }),
    ledger: query({
      summary: 'Buku besar',
      access: financeRead,
      input: ledgerQuery,
      rest: { method: 'GET', path: '/api/finance/laporan/bukubesar' },
      handler: (ctx, input) => reports.ledger(ctx, input),
    }),
    profitLoss: query({
      summary: 'Laba rugi',
      access: financeRead,
      input: reportQuery,
      rest: { method: 'GET', path: '/api/finance/laporan/labarugi' },
      handler: (ctx, input) => reports.profitLoss(ctx, input),
    }),
    balanceSheet: query({
      summary: 'Neraca',
      access: financeRead,
      input: reportQuery,
      rest: { method: 'GET', path: '/api/finance/laporan/neraca' },
      handler: (ctx, input) => reports.balanceSheet(ctx, input),
    }),
  },
  paymentMethod: {
    list: query({
      summary: 'Metode pembayaran',
      access: paymentMethodRead,
      input: statusFilter,
      rest: { method: 'GET', path: '/api/finance/paymentmethod', envelope: 'list' },
      handler: (ctx, input) => masters.listPaymentMethods(ctx, input?.status),
    }),
    ...saveEndpoints({
      path: '/api/finance/paymentmethod',
      access: paymentMethodManage,
      // The chain's list, kept by the head office (issue 30 item 2): a branch user is told so.
      denied: CHAIN_OWNED_MESSAGE,
      entity: PAYMENT_METHOD,
      input: paymentMethodInput,
      updateInput: paymentMethodUpdateInput,
      create: masters.createPaymentMethod,
      update: masters.updatePaymentMethod,
      summary: { create: 'Tambah metode pembayaran', update: 'Ubah metode pembayaran' },
    }),
  },
  pajak: {
    list: query({
      summary: 'Pajak',
      access: financeRead,
      input: statusFilter,
      rest: { method: 'GET', path: '/api/finance/pajak', envelope: 'list' },
      handler: (ctx, input) => masters.listPajak(ctx, input?.status),
    }),
    ...saveEndpoints({
      path: '/api/finance/pajak',
      access: financeManage,
      entity: PAJAK,
      input: pajakInput,
      updateInput: pajakUpdateInput,
      create: masters.createPajak,
      update: masters.updatePajak,
      summary: { create: 'Tambah pajak', update: 'Ubah pajak' },
    }),
  },
  income: incomeEndpoints,
  reportsHub: reportsHubEndpoints,
  autoposting: {
    list: query({
      summary: 'Pengaturan jurnal otomatis cabang ini (versi berlaku dan riwayat)',
      access: financeRead,
      rest: { method: 'GET', path: '/api/finance/autoposting', envelope: 'list' },
      handler: (ctx) => autoposting.listAutoposting(ctx),
    }),
    update: mutation({
      summary: 'Simpan versi baru pengaturan jurnal otomatis mulai tanggal berlaku',
      access: financeManage,
      input: z.object({ key: z.string().trim().min(1).max(40), data: autopostingUpdateInput }),
      rest: { method: 'PUT', path: '/api/finance/autoposting/:key', body: 'data' },
      handler: (ctx, input) => autoposting.updateAutoposting(ctx, input.key, input.data),
    }),
    preview: mutation({
      summary: 'Pratinjau jurnal sebuah dokumen menurut pengaturan jurnal otomatis (tidak menyimpan apa pun)',
      access: financeRead,
      input: autopostingPreviewInput,
      rest: { method: 'POST', path: '/api/finance/autoposting/preview' },
      handler: (ctx, input) => autoposting.previewAutoposting(ctx, input),
    }),
  },
};
