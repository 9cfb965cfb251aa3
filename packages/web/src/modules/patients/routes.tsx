import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

/** 'Data Pasien': the branch's patient list with 'Pasien Baru' and the Excel export. */
export const pages: ModulePages = {
  '/service/customer': lazy(() => import('./pages/PatientsPage')),
};
