import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const SATUSEHAT = entity({
  name: 'satusehat',
  table: 'satusehat',
  branchColumn: 'profile_id',
  notFound: 'Satusehat tidak ditemukan',
});
export const satusehatEntities = [SATUSEHAT];
