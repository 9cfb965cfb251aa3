/** The visits module's front door: the only file other modules, seeds, tests and the app import. */
export { visitsRouter } from './router.js';
export { visitsEndpoints, visitRead, visitMove, visitRegister } from './endpoints.js';
export { VISIT, CHECKIN_RESERVATION, visitsEntities } from './entities.js';
export { findVisitForRecord, completeVisitForRecord, markFollowUpReminded } from './front.js';
/** Registering a visit at the desk (the demo seed registers the second branch's visits through it). */
export { register as registerVisit } from './service.js';
