/** The sharing module's front door (issue 29 items 1 and 2): what the till, the seeds and the app may use. */
export { sharingEndpoints } from './endpoints.js';
export { sharingRouter } from './router.js';
export { SHARING_RULE, SHARING_RUN, sharingEntities } from './entities.js';
export { sharingApprovalExecutors } from './runs.js';
export { planFees, recordFees, onPaymentVoided, type FeeSource, type PlannedFees } from './fees.js';
export { createRule as createSharingRule, pickRule } from './rules.js';
export { releaseBillFees, releasePackageFees } from './release.js';
export { markPaid as markSharingLinesPaid } from './queries.js';
export { seedDemoPayoutRuns } from './demo.js';
