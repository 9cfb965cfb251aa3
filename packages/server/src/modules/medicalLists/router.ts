import { trpcRouter } from '../../http/endpoint.js';
import { medicalListsEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations: medicalLists.{soap|treatment|produk|resep|foto}. */
export const medicalListsRouter = trpcRouter(medicalListsEndpoints);
