/** The wilayah module's front door. */
export { wilayahRouter } from './router.js';
export { wilayahRest } from './rest.js';
