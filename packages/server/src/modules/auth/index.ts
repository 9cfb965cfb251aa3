/** The auth module's front door: what other modules and the app may use. */
export { authRouter } from './router.js';
export { authEndpoints } from './endpoints.js';
export { cachedSessionUser, loadSessionUser, loadPrivileges } from './queries.js';
export { sessionTimes } from './service.js';
export { endSession, listSessions } from './sessions.js';
