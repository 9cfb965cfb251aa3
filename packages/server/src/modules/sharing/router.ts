import { trpcRouter } from '../../http/endpoint.js';
import { sharingEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const sharingRouter = trpcRouter(sharingEndpoints);
