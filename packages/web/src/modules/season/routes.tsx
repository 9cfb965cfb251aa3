import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** 'Musim Promo' (issue 30 item 6), in the admin panel. */
export const pages: ModulePages = {
  '/season': lazyPage(() => import('./pages/SeasonPage')),
};
