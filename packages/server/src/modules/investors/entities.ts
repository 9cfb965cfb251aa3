import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const INVESTOR = entity({
  name: 'investors.investor',
  table: 'investor',
  branchColumn: 'profile_id',
  notFound: 'Investor tidak ditemukan',
});
export const DEVIDEN_SETTING = entity({
  name: 'investors.deviden_setting',
  table: 'deviden_setting',
  branchColumn: 'profile_id',
  notFound: 'Pengaturan deviden tidak ditemukan',
});
export const DEVIDEN_RUN = entity({
  name: 'investors.deviden_run',
  table: 'deviden_run',
  branchColumn: 'profile_id',
  notFound: 'Distribusi deviden tidak ditemukan',
});
export const investorsEntities = [INVESTOR, DEVIDEN_SETTING, DEVIDEN_RUN];
