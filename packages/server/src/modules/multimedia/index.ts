/** The multimedia module's front door: the only file other modules, seeds, tests and the app import. */
export { multimediaRouter } from './router.js';
export { multimediaEndpoints } from './endpoints.js';
export { MULTIMEDIA_LABEL, VISIT_PHOTO, PHOTO_VISIT, multimediaEntities } from './entities.js';
export { storePhoto } from './service.js';
export { copyChainLabel } from './queries.js';
