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
export const usersEntities = [USER];
