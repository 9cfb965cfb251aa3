/** The masters module's front door: what other modules (paket) and the app may use. */
export { mastersRouter } from './router.js';
export { mastersEndpoints } from './endpoints.js';
export { activeMastersByIds, MASTER_DEFS, type MasterKind } from './queries.js';
export { TINDAKAN, ITEM, FORMLAB, ITEM_CATEGORY, mastersEntities } from './entities.js';
export { toDto as masterDto } from './queries.js';
/** The chain's treatments into the branches' rows (issue 30 item 2, chainMasters calls it). */
export { copyChainTreatment } from './queries.js';
