import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Activity log and approvals (issue 3). */
export const pages: ModulePages = {
  '/confirmation': lazyPage(() => import('./pages/ConfirmationPage')),
  '/master/approval-rule': lazyPage(() => import('./pages/ApprovalRulePage')),
};
