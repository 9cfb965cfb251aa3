import { trpcRouter } from '../../http/endpoint.js';
import { investorsEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const investorsRouter = trpcRouter(investorsEndpoints);
