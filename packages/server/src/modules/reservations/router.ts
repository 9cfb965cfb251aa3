import { trpcRouter } from '../../http/endpoint.js';
import { reservationsEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const reservationsRouter = trpcRouter(reservationsEndpoints);
