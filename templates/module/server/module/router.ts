import { trpcRouter } from '../../http/endpoint.js';
import { __name__Endpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const __name__Router = trpcRouter(__name__Endpoints);
