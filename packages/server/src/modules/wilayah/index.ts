/** The wilayah module's front door. */
export { wilayahRouter } from './router.js';
export { wilayahEndpoints } from './endpoints.js';
