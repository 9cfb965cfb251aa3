/** The applog module's front door: what other modules and the app may use. */
export { applogRouter, approvalRulesRouter } from './router.js';
export { applogEndpoints, approvalRulesEndpoints } from './endpoints.js';
export { myMenuAccess } from './access.js';
export {
  logActivity,
  registerApprovalExecutor,
  hasApprovalExecutor,
  applogApprovalExecutors,
  requireSecondPerson,
  secondPersonRefusal,
  approvalRuleFor,
  requestOrRun,
  pendingRequests,
  storeRequest,
  decide as decideRequest,
  type ApprovalExecutor,
  type ApprovalRequest,
} from './service.js';
export { APPLOG_REQUEST, applogEntities } from './entities.js';
