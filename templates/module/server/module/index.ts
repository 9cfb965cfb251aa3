/** The __name__ module's front door: the only file other modules, seeds, tests and the app import. */
export { __name__Router } from './router.js';
export { __name__Endpoints } from './endpoints.js';
export { __NAME__, __name__Entities } from './entities.js';
