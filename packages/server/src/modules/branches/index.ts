/** The branches module's front door: what other modules and the app may use. */
export { branchesRouter } from './router.js';
export { branchesEndpoints } from './endpoints.js';
export { findBranch, listBranches, toBranchDto } from './queries.js';
export { branchTimezone } from './timezone.js';
export { BRANCH, BRANCH_LOGO, branchesEntities } from './entities.js';
