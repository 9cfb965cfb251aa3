import { trpcRouter } from '../../http/endpoint.js';
import { deskEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const deskRouter = trpcRouter(deskEndpoints);
