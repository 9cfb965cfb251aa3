import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const AKUN = entity({
  name: 'finance.akun',
  table: 'akun',
  branchColumn: 'profile_id',
  notFound: 'Akun tidak ditemukan',
  shared: true,
  // The chart of accounts is the organisation's: top-level users keep it for every branch.
  organisation: true,
});
export const PERIODE = entity({
  name: 'finance.periode',
  table: 'finance_periode',
  branchColumn: 'profile_id',
  notFound: 'Periode tidak ditemukan',
});
export const JURNAL = entity({
  name: 'finance.jurnal',
  table: 'jurnal',
  branchColumn: 'profile_id',
  notFound: 'Jurnal tidak ditemukan',
});
export const PAYMENT_METHOD = entity({
  name: 'finance.paymentMethod',
  table: 'payment_method',
  branchColumn: null,
  notFound: 'Metode pembayaran tidak ditemukan',
  unscopedBecause: 'one list of payment methods for the whole chain (spec), changed by the head office only',
});
export const PAJAK = entity({
  name: 'finance.pajak',
  table: 'pajak',
  branchColumn: null,
  notFound: 'Pajak tidak ditemukan',
  unscopedBecause: 'one list of taxes for the whole organisation (spec), changed with MASTER_PAJAK manage',
});
export const HUTANG_PAYMENT = entity({
  name: 'finance.hutangPayment',
  table: 'hutang_payment',
  branchColumn: 'profile_id',
  notFound: 'Pembayaran hutang tidak ditemukan',
});
export const financeEntities = [AKUN, PERIODE, JURNAL, PAYMENT_METHOD, PAJAK, HUTANG_PAYMENT];
