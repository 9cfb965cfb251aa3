import { entity } from '../../http/access-scope.js';

/**
 * What this module's ids name: a chain record (one thing of the chain, issue 30 item 2). Only top-level users reach
 * the routes taking its ids; each branch reads its own linked row through its branch master pages.
 */
export const CHAIN_MASTER = entity({
  name: 'chainMasters.master',
  table: 'chain_master',
  branchColumn: null,
  unscopedBecause:
    'the chain-wide record of a master: only top-level users (the Backoffice) reach the routes taking its ids, and they act for every branch',
  notFound: 'Data master tidak ditemukan',
});
export const chainMastersEntities = [CHAIN_MASTER];
