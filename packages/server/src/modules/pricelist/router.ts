import { trpcRouter } from '../../http/endpoint.js';
import { pricelistEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const pricelistRouter = trpcRouter(pricelistEndpoints);
