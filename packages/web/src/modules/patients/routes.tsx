import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/** 'Data Pasien': the branch's patient list with 'Pasien Baru' and the Excel export; every branch's in the Backoffice. */
export const pages: ModulePages = {
  '/service/customer': lazyPage(() => import('./pages/PatientsPage')),
  '/backoffice/pasien': lazyPage(() => import('./pages/PatientsBackofficePage')),
};
