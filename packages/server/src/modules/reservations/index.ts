/** The reservations module's front door: the only file other modules, seeds, tests and the app import. */
export { reservationsRouter } from './router.js';
export { reservationsEndpoints } from './endpoints.js';
export { RESERVATION, FOLLOW_UP, reservationsEntities } from './entities.js';
export { registerReminderJobs } from './gateway.js';
export { markReservationArrived } from './front.js';
