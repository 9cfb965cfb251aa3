/** The jobs module's front door: the administrator's view of the job queue's dead letters (lib/jobs.ts). */
export { jobsRouter } from './router.js';
export { jobsEndpoints, jobsAccess } from './endpoints.js';
export { JOB, jobsEntities } from './entities.js';
