import { trpcRouter } from '../../http/endpoint.js';
import { financeEndpoints } from './endpoints.js';

/** The web app's front door to the finance services, derived from the endpoint declarations. */
export const financeRouter = trpcRouter(financeEndpoints);
