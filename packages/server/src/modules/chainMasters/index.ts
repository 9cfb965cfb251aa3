/** The chainMasters module's front door: the only file other modules (branches), seeds, tests and the app import. */
export { chainMastersRouter } from './router.js';
export { chainMastersEndpoints } from './endpoints.js';
export { CHAIN_MASTER, chainMastersEntities } from './entities.js';
export { copyToBranch as copyChainMastersToBranch, create as createChainMaster } from './service.js';
