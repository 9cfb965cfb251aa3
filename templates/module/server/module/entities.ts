import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const __NAME__ = entity({
  name: '__name__',
  table: '__name__',
  branchColumn: 'profile_id',
  notFound: '__Name__ tidak ditemukan',
});
export const __name__Entities = [__NAME__];
