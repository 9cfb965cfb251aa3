/** The visits module's front door: the only file other modules, seeds, tests and the app import. */
export { visitsRouter } from './router.js';
export { visitsEndpoints, visitRead, visitMove, visitRegister } from './endpoints.js';
export { VISIT, CHECKIN_RESERVATION, visitsEntities } from './entities.js';
export { findVisitForRecord, completeVisitForRecord, markFollowUpReminded } from './front.js';
