/** The ICD code lists' front door (ICD-10 diagnoses, ICD-9-CM procedures; issue 12). */
export { icdRouter } from './router.js';
export { icdEndpoints, icdAccess } from './endpoints.js';
export { readKeyword } from './service.js';
