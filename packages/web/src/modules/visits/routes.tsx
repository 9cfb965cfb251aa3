import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Visits (issue 11 items 3 and 4): the queue, the worklists, the waiting-room display and the history. */
export const pages: ModulePages = {
  '/service/visit': lazyPage(() => import('./pages/QueuePage')),
  '/service/visit/display': lazyPage(() => import('./pages/DisplayPage')),
  '/service/consultation': lazyPage(() => import('./pages/ConsultationPage')),
  '/service/tindakan': lazyPage(() => import('./pages/TindakanPage')),
  '/service/kunjungan': lazyPage(() => import('./pages/KunjunganPage')),
  '/backoffice/kunjungan': lazyPage(() => import('./pages/KunjunganBackofficePage')),
};
