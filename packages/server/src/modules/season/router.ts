import { trpcRouter } from '../../http/endpoint.js';
import { seasonEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const seasonRouter = trpcRouter(seasonEndpoints);
