import { trpcRouter } from '../../http/endpoint.js';
import { branchesEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const branchesRouter = trpcRouter(branchesEndpoints);
