/** REST and tRPC of the payables sub-ledger (issue 28 items 1-3): /api/finance/hutang/*. */
import {
  partyTaxQuery,
  access,
  hutangAgeingQuery,
  hutangItemQuery,
  hutangPaymentInput,
  hutangPaymentQuery,
  hutangStatementQuery,
  hutangVoidInput,
  idempotencyKey,
  idParam,
  z,
} from '@klinik/shared';
import { mutation, query, restOnly } from '../../../http/endpoint.js';
import { sendXlsx } from '../../../lib/xlsx.js';
import * as payments from './payments.js';
import * as reads from './reads.js';
import { HUTANG_PAYMENT } from '../entities.js';

export const hutangRead = access.feature('FINANCE_HUTANG', 'read');
export const hutangManage = access.feature('FINANCE_HUTANG', 'manage');

export const hutangEndpoints = {
  items: query({
    summary: 'Hutang per pihak (open item): jumlah, dibayar, sisa',
    access: hutangRead,
    input: hutangItemQuery,
    rest: { method: 'GET', path: '/api/finance/hutang/items', envelope: 'list' },
    handler: (ctx, input) => reads.listItems(ctx, input),
  }),
  partyTax: query({
    summary: 'Perlakuan pajak pihak untuk pembayaran hutang (pajak yang dipotong, ada NPWP/NIK atau tidak)',
    access: hutangRead,
    input: partyTaxQuery,
    rest: { method: 'GET', path: '/api/finance/hutang/party-tax' },
    handler: (ctx, input) => reads.partyTax(ctx, input),
  }),
  ageing: query({
    summary: 'Umur hutang per pihak (belum jatuh tempo, 1-30, 31-60, 61-90, > 90 hari)',
    access: hutangRead,
    input: hutangAgeingQuery,
    rest: { method: 'GET', path: '/api/finance/hutang/ageing', envelope: 'list' },
    handler: (ctx, input) => reads.ageing(ctx, input),
  }),
  payments: query({
    summary: 'Transaksi pembayaran hutang',
    access: hutangRead,
    input: hutangPaymentQuery,
    rest: { method: 'GET', path: '/api/finance/hutang/payments', envelope: 'list' },
    handler: (ctx, input) => reads.listPayments(ctx, input),
  }),
  paymentsExport: restOnly({
    summary: 'Ekspor transaksi pembayaran hutang (xlsx)',
    access: hutangRead,
    input: hutangPaymentQuery,
    rest: {
      method: 'GET',
      path: '/api/finance/hutang/payments/export',
      envelope: 'raw',
      produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    async handler(ctx, input, { reply }) {
      const { buf, filename } = await reads.paymentsXlsx(ctx, input);
      return sendXlsx(reply, filename, buf);
    },
  }),
  pay: mutation({
    summary: 'Bayar satu atau beberapa hutang satu pihak (Idempotency-Key)',
    access: hutangManage,
    input: hutangPaymentInput,
    handler: (ctx, input) => payments.createPayment(ctx, input),
    rest: { method: 'POST', path: '/api/finance/hutang/payments', status: 201, idempotencyKey: 'idempotency_key' },
  }),
  void: mutation({
    summary: 'Batalkan pembayaran hutang dengan pembalikan (melalui persetujuan; 202 bila menunggu)',
    access: hutangManage,
    entity: HUTANG_PAYMENT,
    input: z.object({ id: idParam, data: hutangVoidInput, idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, input) => payments.requestVoidPayment(ctx, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/finance/hutang/payments/:id/void',
      body: 'data',
      idempotencyKey: 'idempotency_key',
      statusOf: (r) => (r.pending ? 202 : 200),
      statuses: [200, 202],
    },
    present: (r) => (r.pending ? r : r.data),
  }),
  statement: restOnly({
    summary: 'Kartu hutang satu pihak (PDF atau Excel)',
    access: hutangRead,
    input: hutangStatementQuery,
    rest: { method: 'GET', path: '/api/finance/hutang/statement', envelope: 'raw', produces: 'application/pdf' },
    async handler(ctx, input, { reply }) {
      if (input.format === 'xlsx') {
        const { buf, filename } = await reads.statementXlsx(ctx, input);
        return sendXlsx(reply, filename, buf);
      }
      const { pdf, filename } = await reads.statementPdf(ctx, input);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
};
