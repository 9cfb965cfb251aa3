import { trpcRouter } from '../../http/endpoint.js';
import { doctorsEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const doctorsRouter = trpcRouter(doctorsEndpoints);
