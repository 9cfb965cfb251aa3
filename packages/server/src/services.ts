import type { PdfRenderer } from './pdf/renderer.js';
import type { AuthCache } from './auth/cache.js';

/** Long-lived helpers shared by requests (the warm browser, ...). Created once per app. */
export interface AppServices {
  pdf: PdfRenderer;
  /** Sessions, users and branches of the last few seconds (auth/cache.ts); absent in scripts and benchmarks. */
  authCache?: AuthCache;
}
