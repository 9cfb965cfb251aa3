/** The auth module's front door: what other modules and the app may use. */
export { authRouter } from './router.js';
export { authRest } from './rest.js';
export { loadSessionUser, loadPrivileges } from './queries.js';
export { sessionTimes } from './service.js';
