import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** SATUSEHAT (issue 31): settings, master mappings and the data page of the backoffice. */
export const pages: ModulePages = {
  '/backoffice/satusehat/settings': lazyPage(() => import('./pages/SatusehatSettingsPage')),
  '/backoffice/satusehat/master': lazyPage(() => import('./pages/SatusehatMasterPage')),
  '/backoffice/satusehat/data': lazyPage(() => import('./pages/SatusehatDataPage')),
};
