/** The desk module's front door (price list, members): read-only views for the front desk. */
export { deskRouter } from './router.js';
export { deskEndpoints } from './endpoints.js';
