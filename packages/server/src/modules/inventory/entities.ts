import { entity } from '../../http/access-scope.js';
import { ITEM_CATEGORY } from '../masters/index.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const VENDOR = entity({
  name: 'inventory.vendor',
  table: 'vendor',
  branchColumn: 'profile_id',
  notFound: 'Vendor tidak ditemukan',
});
export const WAREHOUSE = entity({
  name: 'inventory.warehouse',
  table: 'warehouse',
  branchColumn: 'profile_id',
  notFound: 'Gudang tidak ditemukan',
});
export const PURCHASE = entity({
  name: 'inventory.purchase',
  table: 'purchase_order',
  branchColumn: 'profile_id',
  notFound: 'Pesanan pembelian tidak ditemukan',
});
export { ITEM_CATEGORY };
export const inventoryEntities = [ITEM_CATEGORY, VENDOR, WAREHOUSE, PURCHASE];
