import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const SATUSEHAT_VISIT = entity({
  name: 'satusehat.visit',
  table: 'satusehat_visit',
  branchColumn: 'profile_id',
  notFound: 'Data SATUSEHAT kunjungan tidak ditemukan',
});
/**
 * A branch as the owner of its SATUSEHAT settings: branch data, not organisation data, so it is changed from inside
 * the branch (an owner switches branch first), like every branch's data (docs/decisions.md, issue 9).
 */
export const SATUSEHAT_BRANCH = entity({
  name: 'satusehat.branch',
  table: 'profile',
  branchColumn: 'id',
  notFound: 'Cabang tidak ditemukan',
});
export const satusehatEntities = [SATUSEHAT_VISIT, SATUSEHAT_BRANCH];
