import { trpcRouter } from '../../http/endpoint.js';
import { applogEndpoints, approvalRulesEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const applogRouter = trpcRouter(applogEndpoints);
export const approvalRulesRouter = trpcRouter(approvalRulesEndpoints);
