import { trpcRouter } from '../../http/endpoint.js';
import { authEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const authRouter = trpcRouter(authEndpoints);
