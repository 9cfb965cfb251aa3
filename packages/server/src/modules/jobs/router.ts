import { trpcRouter } from '../../http/endpoint.js';
import { jobsEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const jobsRouter = trpcRouter(jobsEndpoints);
