import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const JOB = entity({
  name: 'jobs.job',
  table: 'job',
  branchColumn: null,
  unscopedBecause: 'the job queue belongs to the installation, not to a branch; only top-level users see it',
});
export const jobsEntities = [JOB];
