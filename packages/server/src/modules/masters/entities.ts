import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const TINDAKAN = entity({
  name: 'masters.tindakan',
  table: 'perawatan',
  branchColumn: 'profile_id',
  notFound: 'Tindakan medis tidak ditemukan',
});
export const ITEM = entity({
  name: 'masters.item',
  table: 'item',
  branchColumn: 'profile_id',
  notFound: 'Item tidak ditemukan',
});
export const FORMLAB = entity({
  name: 'masters.formlab',
  table: 'form_lab',
  branchColumn: 'profile_id',
  notFound: 'Form lab tidak ditemukan',
});
/** Item categories: kept by the inventory module's master pages, referenced by items here. */
export const ITEM_CATEGORY = entity({
  name: 'inventory.category',
  table: 'item_category',
  branchColumn: 'profile_id',
  notFound: 'Kategori tidak ditemukan',
});
export const mastersEntities = [TINDAKAN, ITEM, FORMLAB];
