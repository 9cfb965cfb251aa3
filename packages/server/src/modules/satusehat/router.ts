import { trpcRouter } from '../../http/endpoint.js';
import { satusehatEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const satusehatRouter = trpcRouter(satusehatEndpoints);
