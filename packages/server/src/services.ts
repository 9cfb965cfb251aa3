import type { PdfRenderer } from './pdf/renderer.js';

/** Long-lived helpers shared by requests (the warm browser, ...). Created once per app. */
export interface AppServices {
  pdf: PdfRenderer;
}
