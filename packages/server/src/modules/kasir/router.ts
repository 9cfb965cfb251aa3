import { trpcRouter } from '../../http/endpoint.js';
import { kasirEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const kasirRouter = trpcRouter(kasirEndpoints);
