/**
 * The stock flows module's front door (issue 13: transfers in two steps, stock counts, pharmacy dispensing): what
 * other modules (the cashier, medical records), the seeds and the app may use.
 */
import type { ApprovalAction } from '@klinik/shared';
import type { ApprovalExecutor } from '../applog/index.js';
import { approveCount } from './services/counts.js';

export { stockFlowsRouter } from './router.js';
export { stockFlowsEndpoints } from './endpoints.js';
export { TRANSFER, STOCK_COUNT, RESEP, stockFlowsEntities } from './entities.js';
export { send as sendTransfer, receive as receiveTransfer } from './services/transfers.js';
export { adjust as adjustStock } from './services/counts.js';
export { dispense, dispensedLinesForVisit, consumeRecordBhp, type DispensedLine } from './services/pharmacy.js';

/** Approved stock counts are posted by the deciding transaction (registered in src/modules.ts). */
export const stockFlowsApprovalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>> = {
  'inventory.adjustment': (tx, payload) => approveCount(tx, payload),
};
