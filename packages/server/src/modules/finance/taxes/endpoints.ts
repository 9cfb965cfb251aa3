import {
  FINANCE_OUT_ACCESS,
  pphBadanCalculateInput,
  pphBadanSettingInput,
  taxDepositInput,
  taxKindParam,
  taxMasaQuery,
  z,
} from '@klinik/shared';
import { IDEMPOTENCY_KEY, keyed, mutation, query } from '../../../http/endpoint.js';
import { deposit } from './deposits.js';
import * as service from './service.js';

const { read, manage } = FINANCE_OUT_ACCESS;

/** Issue 28 item 4: tax payables per tax and masa, deposits, and the PPh badan regime and calculation. */
export const taxEndpoints = {
  masa: query({
    summary: 'Hutang pajak satu masa: pemotongan per dokumen dan penerima (NIK/NPWP), setoran, sisa',
    access: read,
    input: taxMasaQuery,
    rest: { method: 'GET', path: '/api/finance/hutang/pajak/:tax' },
    handler: (ctx, input) => service.getMasa(ctx, input.tax, input.masa),
  }),
  year: query({
    summary: 'Ringkasan hutang pajak per masa dalam satu tahun',
    access: read,
    input: z.object({
      tax: taxKindParam,
      year: z.coerce.number({ error: 'Tahun tidak valid' }).int('Tahun tidak valid').min(2000).max(2100),
    }),
    rest: { method: 'GET', path: '/api/finance/hutang/pajak/:tax/tahun', envelope: 'list' },
    handler: (ctx, input) => service.yearSummary(ctx, input.tax, input.year),
  }),
  deposit: mutation({
    summary:
      'Catat setoran pajak satu masa (kode billing 15 digit, NTPN 16 karakter); jurnal Dr hutang pajak / Cr kas-bank',
    access: manage,
    input: keyed(taxDepositInput),
    handler: (ctx, { idempotency_key, ...input }) => deposit(ctx, input, idempotency_key),
    rest: {
      method: 'POST',
      path: '/api/finance/hutang/pajak/:tax/deposit',
      status: 201,
      idempotencyKey: IDEMPOTENCY_KEY,
    },
  }),
  badanSettings: query({
    summary: 'Skema PPh badan cabang ini per tahun',
    access: read,
    rest: { method: 'GET', path: '/api/finance/hutang/pajak-badan/setting', envelope: 'list' },
    handler: (ctx) => service.listBadanSettings(ctx),
  }),
  saveBadanSetting: mutation({
    summary: 'Atur skema PPh badan satu tahun (PP 55/2022 final atau angsuran PPh 25)',
    access: manage,
    input: pphBadanSettingInput,
    rest: { method: 'PUT', path: '/api/finance/hutang/pajak-badan/setting' },
    handler: (ctx, input) => service.saveBadanSetting(ctx, input),
  }),
  calculateBadan: mutation({
    summary: 'Hitung PPh badan satu masa dan catat hutangnya (sekali per masa)',
    access: manage,
    input: keyed(pphBadanCalculateInput),
    handler: (ctx, input) => service.calculateBadan(ctx, input.masa),
    rest: {
      method: 'POST',
      path: '/api/finance/hutang/pajak-badan/calculate',
      status: 201,
      idempotencyKey: IDEMPOTENCY_KEY,
    },
  }),
};
