import { trpcRouter } from '../../http/endpoint.js';
import { backofficeEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const backofficeRouter = trpcRouter(backofficeEndpoints);
