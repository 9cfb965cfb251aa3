/** The API documentation module (GET /api/openapi.json, GET /api/docs). */
export { apiDocsEndpoints, API_VERSION } from './endpoints.js';
