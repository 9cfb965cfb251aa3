/** The pricelist module's front door: the only file other modules, seeds, tests and the app import. */
export { pricelistRouter } from './router.js';
export { pricelistEndpoints } from './endpoints.js';
export { PRICE_LIST, pricelistEntities } from './entities.js';
export { priceOn } from './service.js';
export { priceInForceSql } from './queries.js';
export { seedPriceList } from './demo.js';
