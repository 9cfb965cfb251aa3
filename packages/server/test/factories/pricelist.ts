import type { ModuleFactories } from './types.js';

/**
 * The price list's entity is chain-wide (top-level only, no branch column), so the cross-branch walk has no row to
 * make for it; `pricelist.price` takes a treatment's id (the masters factory gives its input).
 */
export const pricelistFactories: ModuleFactories = {};
