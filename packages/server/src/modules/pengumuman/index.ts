/** The pengumuman module's front door. */
export { pengumumanRouter } from './router.js';
export { pengumumanEndpoints } from './endpoints.js';
