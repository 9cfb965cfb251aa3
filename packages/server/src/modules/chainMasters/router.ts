import { trpcRouter } from '../../http/endpoint.js';
import { chainMastersEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const chainMastersRouter = trpcRouter(chainMastersEndpoints);
