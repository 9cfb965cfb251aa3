import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const PAKET_TYPE = entity({
  name: 'paket.type',
  table: 'paket_type',
  branchColumn: 'profile_id',
  notFound: 'Jenis paket tidak ditemukan',
});
export const PAKET = entity({
  name: 'paket.paket',
  table: 'paket',
  branchColumn: 'profile_id',
  notFound: 'Paket tidak ditemukan',
});
export const PAKET_HISTORY = entity({
  name: 'paket.history',
  table: 'paket_history',
  branchColumn: 'profile_id',
  notFound: 'Paket tidak ditemukan',
});
export const MEMBERSHIP = entity({
  name: 'paket.membership',
  table: 'paket_membership',
  branchColumn: 'profile_id',
  notFound: 'Registrasi paket tidak ditemukan',
});
export const paketEntities = [PAKET_TYPE, PAKET, PAKET_HISTORY, MEMBERSHIP];
