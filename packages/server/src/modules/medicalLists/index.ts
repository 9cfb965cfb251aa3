/** The record lists' front door (issue 12: /rekammedis/{soap|treatment|produk|resep|foto}) and the printouts. */
export { medicalListsRouter } from './router.js';
export { medicalListsEndpoints } from './endpoints.js';
export { PRESCRIPTION, medicalListsEntities } from './entities.js';
