/** The masters module's front door: what other modules (paket) and the app may use. */
export { mastersRouter } from './router.js';
export { mastersRest } from './rest.js';
export { activeMastersByIds, MASTER_DEFS, type MasterKind } from './queries.js';
