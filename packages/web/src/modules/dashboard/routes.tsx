import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/': lazy(() => import('./HomePage')),
};
