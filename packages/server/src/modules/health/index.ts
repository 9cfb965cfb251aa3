/** The health module's front door. */
export { healthEndpoints } from './endpoints.js';
