import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const SATUSEHAT_VISIT = entity({
  name: 'satusehat.visit',
  table: 'satusehat_visit',
  branchColumn: 'profile_id',
  notFound: 'Data SATUSEHAT kunjungan tidak ditemukan',
});
export const satusehatEntities = [SATUSEHAT_VISIT];
