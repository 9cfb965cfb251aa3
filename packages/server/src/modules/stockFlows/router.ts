import { trpcRouter } from '../../http/endpoint.js';
import { stockFlowsEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const stockFlowsRouter = trpcRouter(stockFlowsEndpoints);
