import { entity } from '../../http/access-scope.js';

/** Sharing rules: a rule without a branch is every branch's (readable by all, changed only by top-level users). */
export const SHARING_RULE = entity({
  name: 'sharing.rule',
  table: 'sharing_rule',
  branchColumn: 'profile_id',
  notFound: 'Aturan sharing tidak ditemukan',
  shared: true,
});
/** A doctor payout run (issue 29 item 3): the branch's own. */
export const SHARING_RUN = entity({
  name: 'sharing.run',
  table: 'sharing_run',
  branchColumn: 'profile_id',
  notFound: 'Perhitungan jasa dokter tidak ditemukan',
});
export const sharingEntities = [SHARING_RULE, SHARING_RUN];
