import type { JobQueue } from './lib/jobs.js';
import type { PdfRenderer } from './pdf/renderer.js';

/** Long-lived helpers shared by requests (the warm browser, the job queue). Created once per app. */
export interface AppServices {
  pdf: PdfRenderer;
  /** Background work with retries and dead letters (lib/jobs.ts); started with the app, stopped on close. */
  jobs: JobQueue;
}
