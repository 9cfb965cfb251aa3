import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const USER = entity({
  name: 'users.user',
  table: 'users',
  branchColumn: 'profile_id',
  notFound: 'Pengguna tidak ditemukan',
  organisation: true,
  self: true,
});
/** The chain's membership levels (issue 30 item 2): one list, kept by the head office. */
export const MEMBERSHIP_LEVEL = entity({
  name: 'users.membershipLevel',
  table: 'membership_level',
  branchColumn: null,
  notFound: 'Level membership tidak ditemukan',
  unscopedBecause: 'one list of membership levels for the whole chain (spec), changed by the head office only',
});
export const usersEntities = [USER, MEMBERSHIP_LEVEL];
