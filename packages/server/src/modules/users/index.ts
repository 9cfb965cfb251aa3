/** The users module's front door: what other modules, the seeds, the tests and the app may use. */
export { usersRouter } from './router.js';
export { usersEndpoints } from './endpoints.js';
export { staffAccess } from './access.js';
export { initialsOf, keywordRank, keywordWhere, replacePrivileges, setAttendanceCode } from './queries.js';
export { usersApprovalExecutors, createPatient } from './service.js';
export { patientsDashboardCard } from './dashboard.js';
export { USER, usersEntities } from './entities.js';
