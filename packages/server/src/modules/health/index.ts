/** The health module's front door. */
export { healthRest } from './rest.js';
