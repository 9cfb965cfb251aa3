/** The branches module's front door: what other modules and the app may use. */
export { branchesRouter } from './router.js';
export { branchesRest } from './rest.js';
export { findBranch, toBranchDto } from './queries.js';
