import { trpcRouter } from '../../http/endpoint.js';
import { wilayahEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations (the REST-only `areas` is left out). */
export const wilayahRouter = trpcRouter(wilayahEndpoints);
