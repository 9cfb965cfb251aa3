import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** The job queue's dead letters (issue 9), for owner and developer. */
export const pages: ModulePages = {
  '/admin/jobs': lazyPage(() => import('./pages/FailedJobsPage')),
};
