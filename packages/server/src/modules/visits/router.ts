import { trpcRouter } from '../../http/endpoint.js';
import { visitsEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const visitsRouter = trpcRouter(visitsEndpoints);
