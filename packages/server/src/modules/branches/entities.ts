import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const BRANCH = entity({
  name: 'branches.profile',
  table: 'profile',
  branchColumn: 'id',
  notFound: 'Cabang tidak ditemukan',
  organisation: true,
});
/** The logo file of a branch: not branch data (the header and documents show it), so every signed-in user reads it. */
export const BRANCH_LOGO = entity({
  name: 'branches.logo',
  table: 'profile',
  branchColumn: null,
  notFound: 'Logo tidak ditemukan',
  unscopedBecause: 'a branch logo is shown to every signed-in user (branch switcher, documents), as before',
});
export const branchesEntities = [BRANCH, BRANCH_LOGO];
