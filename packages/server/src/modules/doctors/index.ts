/** The doctors module's front door: the only file other modules, seeds, tests and the app import. */
export { doctorsRouter } from './router.js';
export { doctorsEndpoints } from './endpoints.js';
export { DOCTOR_PRACTICE, DOCTOR_SCHEDULE, SCHEDULE_CLOSED, PRACTISING_DOCTOR, doctorsEntities } from './entities.js';
export { schedulesOn, closureOn, closuresBetween, searchPractising } from './queries.js';
