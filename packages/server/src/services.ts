import type { JobQueue } from './lib/jobs.js';
import type { PdfRenderer } from './pdf/renderer.js';
import type { AuthCache } from './auth/cache.js';
import type { BranchEvents } from './lib/branch-events.js';

/** Long-lived helpers shared by requests (the warm browser, the job queue). Created once per app. */
export interface AppServices {
  pdf: PdfRenderer;
  /** Background work with retries and dead letters (lib/jobs.ts); started with the app, stopped on close. */
  jobs: JobQueue;
  /** Sessions, users and branches of the last few seconds (auth/cache.ts); absent in scripts and benchmarks. */
  authCache?: AuthCache;
  /** Live per-branch change signals (lib/branch-events.ts): the queue pages' server-sent events. */
  events?: BranchEvents;
}
