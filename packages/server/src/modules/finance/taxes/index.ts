/** Tax payables (issue 28 item 4): what finance's front door re-exports. */
import { trpcRouter } from '../../../http/endpoint.js';
import { taxEndpoints } from './endpoints.js';

export { taxEndpoints };
export const taxesRouter = trpcRouter(taxEndpoints);
