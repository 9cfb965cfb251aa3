import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** __Name__ (issue N). The path must already be in ROUTE_SPECS (src/app/routes.tsx), from the spec's routes. */
export const pages: ModulePages = {
  '/__route__': lazyPage(() => import('./pages/__Name__Page')),
};
