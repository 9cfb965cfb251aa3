import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/service/master/doctor': lazyPage(() => import('./pages/DoctorMasterPage')),
  '/dashboard/stakeholder/doctor': lazyPage(() => import('./pages/DoctorDataPage')),
  '/dashboard/stakeholder/pegawai': lazyPage(() => import('./pages/EmployeeDataPage')),
};
