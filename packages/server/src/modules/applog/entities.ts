import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const APPLOG_REQUEST = entity({
  name: 'applog.request',
  table: 'applog',
  branchColumn: 'profile_id',
  notFound: 'Permintaan tidak ditemukan',
  // Approval requests go up to the owners: top-level users decide them in every branch.
  organisation: true,
});
export const applogEntities = [APPLOG_REQUEST];
