import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

/** Announcements (issue 3). */
export const pages: ModulePages = {
  '/pengumuman': lazy(() => import('./pages/PengumumanPage')),
};
