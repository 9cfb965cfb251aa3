import { trpcRouter } from '../../http/endpoint.js';
import { dashboardEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const dashboardRouter = trpcRouter(dashboardEndpoints);
