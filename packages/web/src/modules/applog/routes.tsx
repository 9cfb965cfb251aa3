import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

/** Activity log and approvals (issue 3). */
export const pages: ModulePages = {
  '/confirmation': lazy(() => import('./pages/ConfirmationPage')),
  '/master/approval-rule': lazy(() => import('./pages/ApprovalRulePage')),
};
