/** The kasir module's front door: what other modules, the seeds and the app may use. */
export { kasirRouter } from './router.js';
export { kasirEndpoints } from './endpoints.js';
export { kasirApprovalExecutors } from './services/voids.js';
export { payCicilan } from './services/cicilan.js';
export { payVisit } from './services/bill.js';
export { open as openKasirSession } from './services/sessions.js';
export { KASIR_PAYMENT, KASIR_SESSION, kasirEntities } from './entities.js';
