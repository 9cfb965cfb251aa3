/** The pengumuman module's front door. */
export { pengumumanRouter } from './router.js';
export { pengumumanRest } from './rest.js';
