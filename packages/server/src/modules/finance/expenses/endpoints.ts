import {
  EXPENSE_PROOF_FIELD,
  emptyToUndefined,
  expenseCategoryInput,
  expenseCategoryUpdateInput,
  expenseInput,
  expenseListQuery,
  expensePartiesQuery,
  expenseReverseInput,
  expenseSettingInput,
  FINANCE_OUT_ACCESS,
  idParam,
  z,
} from '@klinik/shared';
import { IDEMPOTENCY_KEY, keyed, mutation, query, restOnly, saveEndpoints } from '../../../http/endpoint.js';
import { financeManage } from '../access.js';
import { EXPENSE, EXPENSE_CATEGORY, EXPENSE_PROOF } from './entities.js';
import { sendProof, uploadProof } from './proof.js';
import * as service from './service.js';

const { read, manage } = FINANCE_OUT_ACCESS;
const byId = z.object({ id: idParam });
const statusFilter = z
  .object({ status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()) })
  .optional();

/** Issue 28 item 5: registered expenses ('Daftarkan Pengeluaran', 'Kelola Pengeluaran'), their categories and limits. */
export const expenseEndpoints = {
  list: query({
    summary: 'Daftar pengeluaran (filter: from, to, category, status, keyword)',
    access: read,
    input: expenseListQuery,
    rest: { method: 'GET', path: '/api/finance/expenses', envelope: 'paged' },
    handler: (ctx, input) => service.listExpenses(ctx, input),
  }),
  get: query({
    entity: EXPENSE,
    summary: 'Satu pengeluaran',
    access: read,
    input: byId,
    rest: { method: 'GET', path: '/api/finance/expenses/:id' },
    handler: (ctx, input) => service.getExpense(ctx, input.id),
  }),
  create: mutation({
    summary:
      'Daftarkan pengeluaran (dibayar dengan metode pembayaran atau dicatat sebagai hutang ke pihak); di atas batas persetujuan menunggu orang kedua (202)',
    access: manage,
    input: keyed(expenseInput),
    handler: (ctx, { idempotency_key, ...input }) => service.createExpense(ctx, input, idempotency_key),
    rest: {
      method: 'POST',
      path: '/api/finance/expenses',
      idempotencyKey: IDEMPOTENCY_KEY,
      statusOf: (r) => (r.pending ? 202 : 201),
      statuses: [201, 202],
    },
  }),
  reverse: mutation({
    entity: EXPENSE,
    summary: 'Koreksi pengeluaran dengan jurnal pembalik (melalui persetujuan; 202 bila menunggu)',
    access: manage,
    input: keyed(z.object({ id: idParam, data: expenseReverseInput })),
    handler: (ctx, input) => service.reverseExpense(ctx, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/finance/expenses/:id/reverse',
      body: 'data',
      idempotencyKey: IDEMPOTENCY_KEY,
      statusOf: (r) => (r.pending ? 202 : 200),
      statuses: [200, 202],
    },
    present: (r) => (r.pending ? r : r.data),
  }),
  uploadProof: restOnly({
    summary: 'Unggah bukti pengeluaran (gambar atau PDF, maksimal 10MB); jawabannya id untuk field proof',
    access: manage,
    rest: {
      method: 'POST',
      path: '/api/finance/expenses/proof',
      status: 201,
      consumes: 'multipart/form-data',
      form: { file: EXPENSE_PROOF_FIELD },
    },
    handler: (ctx, _input, { req }) => uploadProof(ctx, req),
  }),
  proofFile: restOnly({
    entity: EXPENSE_PROOF,
    summary: 'File bukti pengeluaran',
    access: read,
    input: byId,
    rest: {
      method: 'GET',
      path: '/api/files/expense-proof/:id',
      envelope: 'raw',
      produces: 'application/octet-stream',
    },
    handler: (ctx, input, { reply }) => sendProof(ctx, input.id, reply),
  }),
  setting: query({
    summary: 'Batas wajib bukti dan batas persetujuan pengeluaran cabang ini',
    access: read,
    rest: { method: 'GET', path: '/api/finance/expenses/setting' },
    handler: (ctx) => service.getSetting(ctx),
  }),
  updateSetting: mutation({
    summary: 'Ubah batas pengeluaran (selalu menunggu persetujuan orang kedua: 202)',
    access: manage,
    input: expenseSettingInput,
    handler: (ctx, input) => service.updateSetting(ctx, input),
    rest: {
      method: 'PUT',
      path: '/api/finance/expenses/setting',
      statusOf: (r) => (r.pending ? 202 : 200),
      statuses: [200, 202],
    },
    present: (r) => (r.pending ? r : r.data),
  }),
  parties: query({
    summary: 'Pihak aktif cabang ini menurut jenisnya (vendor, laboratorium, rumah sakit, dokter, investor, pegawai)',
    access: read,
    input: expensePartiesQuery,
    rest: { method: 'GET', path: '/api/finance/expenses/parties', envelope: 'list' },
    handler: (ctx, input) => service.listParties(ctx, input.party_type),
  }),
  categories: query({
    summary: 'Kategori pengeluaran (dipetakan ke akun beban)',
    access: read,
    input: statusFilter,
    rest: { method: 'GET', path: '/api/finance/expenses/categories', envelope: 'list' },
    handler: (ctx, input) => service.listCategories(ctx, input?.status),
  }),
  ...(() => {
    const save = saveEndpoints({
      path: '/api/finance/expenses/categories',
      access: financeManage,
      entity: EXPENSE_CATEGORY,
      input: expenseCategoryInput,
      updateInput: expenseCategoryUpdateInput,
      create: service.createCategory,
      update: service.updateCategory,
      summary: { create: 'Tambah kategori pengeluaran', update: 'Ubah kategori pengeluaran' },
    });
    return { createCategory: save.create, updateCategory: save.update };
  })(),
};
