/** The satusehat module's front door: the only file other modules, seeds, tests and the app import. */
export { satusehatRouter } from './router.js';
export { satusehatEndpoints } from './endpoints.js';
export { SATUSEHAT, satusehatEntities } from './entities.js';
