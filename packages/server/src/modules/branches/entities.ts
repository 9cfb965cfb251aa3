import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const BRANCH = entity({
  name: 'branches.profile',
  table: 'profile',
  branchColumn: 'id',
  notFound: 'Cabang tidak ditemukan',
  organisation: true,
});
export const branchesEntities = [BRANCH];
