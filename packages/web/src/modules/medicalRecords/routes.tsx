import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** Medical records (issue 12): the patient's history and the record of one visit. */
export const pages: ModulePages = {
  '/service/rekammedis': lazyPage(() => import('./pages/RekamMedisPage')),
  '/service/rekammedis/visit/:id': lazyPage(() => import('./pages/VisitRecordPage')),
};
