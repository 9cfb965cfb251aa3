/** The backoffice module's front door (issue 30): the head office's cross-branch dashboard. */
export { backofficeEndpoints } from './endpoints.js';
export { backofficeRouter } from './router.js';
