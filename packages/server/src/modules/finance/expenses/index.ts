/** Registered expenses (issue 28 item 5): what finance's front door re-exports. */
import { trpcRouter } from '../../../http/endpoint.js';
import { expenseEndpoints } from './endpoints.js';

export { expenseEndpoints };
export const expensesRouter = trpcRouter(expenseEndpoints);
export { expenseApprovalExecutors } from './service.js';
export { expenseEntities } from './entities.js';
