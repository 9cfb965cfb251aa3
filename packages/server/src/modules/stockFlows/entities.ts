import { entity } from '../../http/access-scope.js';

/**
 * What this module's ids name, for requireAccess and the cross-branch walk (docs/decisions.md, issue 9). A transfer
 * belongs to two branches: the view stock_transfer_party has one row per branch taking part (sender and
 * receiver), so both read it and a third branch gets 404.
 */
export const TRANSFER = entity({
  name: 'stockFlows.transfer',
  table: 'stock_transfer_party',
  branchColumn: 'profile_id',
  notFound: 'Mutasi stok tidak ditemukan',
});
export const STOCK_COUNT = entity({
  name: 'stockFlows.count',
  table: 'stock_count',
  branchColumn: 'profile_id',
  notFound: 'Stok opname tidak ditemukan',
});
export const RESEP = entity({
  name: 'stockFlows.resep',
  table: 'rm_prescription',
  branchColumn: 'profile_id',
  notFound: 'Resep tidak ditemukan',
});
export const stockFlowsEntities = [TRANSFER, STOCK_COUNT, RESEP];
