import { trpcRouter } from '../../http/endpoint.js';
import { multimediaEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const multimediaRouter = trpcRouter(multimediaEndpoints);
