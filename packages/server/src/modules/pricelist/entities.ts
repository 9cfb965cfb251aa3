import { entity } from '../../http/access-scope.js';

/**
 * What this module's ids name: a price of the chain's price list, a base price (every branch) or one branch's
 * override. The endpoints taking these ids are the head office's (owner and developer), who read and write every
 * branch; a branch reads its part only through lists filtered to it (`/api/pricelist/entries`).
 */
export const PRICE_LIST = entity({
  name: 'pricelist.entry',
  table: 'price_list',
  branchColumn: null,
  unscopedBecause:
    'the chain-wide price list: only top-level users (owner, developer) reach the routes taking its ids, and they act for every branch',
  notFound: 'Harga tidak ditemukan',
});
export const pricelistEntities = [PRICE_LIST];
