import { trpcRouter } from '../../http/endpoint.js';
import { mastersEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const mastersRouter = trpcRouter(mastersEndpoints);
