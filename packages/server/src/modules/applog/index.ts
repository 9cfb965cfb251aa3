/** The applog module's front door: what other modules and the app may use. */
export { applogRouter, approvalRulesRouter } from './router.js';
export { applogRest, myMenuAccess } from './rest.js';
export {
  logActivity,
  registerApprovalExecutor,
  requestOrRun,
  type ApprovalExecutor,
  type ApprovalRequest,
} from './service.js';
