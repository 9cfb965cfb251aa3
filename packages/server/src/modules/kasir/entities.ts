import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch walk. */
export const KASIR_PAYMENT = entity({
  name: 'kasir.payment',
  table: 'kasir_payment',
  branchColumn: 'profile_id',
  notFound: 'Pembayaran tidak ditemukan',
});
export const KASIR_SESSION = entity({
  name: 'kasir.session',
  table: 'kasir_session',
  branchColumn: 'profile_id',
  notFound: 'Sesi kasir tidak ditemukan',
});
export const kasirEntities = [KASIR_PAYMENT, KASIR_SESSION];
