import { trpcRouter } from '../../http/endpoint.js';
import { usersEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const usersRouter = trpcRouter(usersEndpoints);
