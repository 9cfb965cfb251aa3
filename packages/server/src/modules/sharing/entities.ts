import { entity } from '../../http/access-scope.js';

/** Sharing rules: a rule without a branch is every branch's (readable by all, changed only by top-level users). */
export const SHARING_RULE = entity({
  name: 'sharing.rule',
  table: 'sharing_rule',
  branchColumn: 'profile_id',
  notFound: 'Aturan sharing tidak ditemukan',
  shared: true,
});
export const sharingEntities = [SHARING_RULE];
