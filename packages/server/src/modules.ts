import type { FastifyInstance } from 'fastify';
import type { ApprovalAction } from '@klinik/shared';
import { authRest } from './modules/auth/index.js';
import { branchesRest } from './modules/branches/index.js';
import { healthRest } from './modules/health/index.js';
import { usersApprovalExecutors, usersRest } from './modules/users/index.js';
import { financeRest } from './modules/finance/index.js';
import { applogRest, registerApprovalExecutor, type ApprovalExecutor } from './modules/applog/index.js';
import { pengumumanRest } from './modules/pengumuman/index.js';
import { wilayahRest } from './modules/wilayah/index.js';
import { mastersRest } from './modules/masters/index.js';
import { paketRest } from './modules/paket/index.js';
import { attendanceRest } from './modules/attendance/index.js';
import { dashboardRest } from './modules/dashboard/index.js';

/** Every module's REST adapter (spec section 7 paths). */
export const restModules: ((app: FastifyInstance) => void)[] = [
  healthRest,
  authRest,
  branchesRest,
  usersRest,
  financeRest,
  applogRest,
  pengumumanRest,
  wilayahRest,
  mastersRest,
  paketRest,
  attendanceRest,
  dashboardRest,
];

/**
 * Approval executors (what an approved applog request carries out), registered explicitly when the app starts
 * rather than as a side effect of importing a service. A module with approvals adds its map here.
 */
const approvalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>>[] = [usersApprovalExecutors];

export function registerApprovalExecutors(): void {
  for (const map of approvalExecutors) {
    for (const [action, run] of Object.entries(map) as [ApprovalAction, ApprovalExecutor][]) {
      registerApprovalExecutor(action, run);
    }
  }
}
