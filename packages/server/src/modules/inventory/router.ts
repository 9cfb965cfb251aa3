import { trpcRouter } from '../../http/endpoint.js';
import { inventoryEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const inventoryRouter = trpcRouter(inventoryEndpoints);
