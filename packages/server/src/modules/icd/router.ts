import { trpcRouter } from '../../http/endpoint.js';
import { icdEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations: icd.icd10 and icd.icd9cm, input { keyword }. */
export const icdRouter = trpcRouter(icdEndpoints);
