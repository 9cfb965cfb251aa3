import { trpcRouter } from '../../http/endpoint.js';
import { paketEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const paketRouter = trpcRouter(paketEndpoints);
