/**
 * The inventory module's front door: the only file other modules (dispensing, BHP, the cashier), seeds, tests and
 * the app import. Stock moves only through receiveStock / issueStock (docs/decisions.md, "Inventory and pharmacy").
 */
export {
  issueStock,
  receiveStock,
  availableStock,
  warehouseOfKind,
  isExpired,
  requireWarehouseItems,
  DEFAULT_DEBIT,
  DEFAULT_CREDIT,
  type IssueArgs,
  type IssueKind,
  type IssueJournal,
  type IssueLineInput,
  type ReceiveArgs,
  type ReceiveKind,
  type ReceiveJournal,
  type ReceiveLineInput,
  type SourceRef,
  type StockLineTaken,
  type StockResult,
} from './services/stock.js';
export { ITEM_CATEGORY, VENDOR, WAREHOUSE, PURCHASE, inventoryEntities } from './entities.js';
/** An item row as the inventory reads it (prices in sen). */
export type { ItemRow } from './queries.js';
export { inventoryRouter } from './router.js';
export { inventoryEndpoints } from './endpoints.js';
/** Purchasing as services (the demo seed; other modules buy through the REST API). */
export { create as createPurchase, receive as receivePurchase } from './services/purchase.js';
/** The chain's items, categories and suppliers into the branches' rows (issue 30 item 2, chainMasters calls it). */
export { copyChainItem, copyChainCategory, copyChainVendor, type ChainCopyArgs } from './queries/chain.js';
