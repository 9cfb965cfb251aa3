import { entity } from '../../http/access-scope.js';

/**
 * What this module's ids name: a price of the chain's price list. Base prices (NULL branch) are every branch's;
 * overrides are one branch's. Only top-level users reach the Backoffice endpoints that take these ids.
 */
export const PRICE_LIST = entity({
  name: 'pricelist.entry',
  table: 'price_list',
  branchColumn: 'profile_id',
  shared: true,
  organisation: true,
  notFound: 'Harga tidak ditemukan',
});
export const pricelistEntities = [PRICE_LIST];
