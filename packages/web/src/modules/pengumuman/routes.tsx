import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Announcements (issue 3). */
export const pages: ModulePages = {
  '/pengumuman': lazyPage(() => import('./pages/PengumumanPage')),
};
