import { trpcRouter } from '../../http/endpoint.js';
import { medicalRecordsEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const medicalRecordsRouter = trpcRouter(medicalRecordsEndpoints);
