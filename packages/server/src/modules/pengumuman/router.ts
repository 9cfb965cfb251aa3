import { trpcRouter } from '../../http/endpoint.js';
import { pengumumanEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const pengumumanRouter = trpcRouter(pengumumanEndpoints);
