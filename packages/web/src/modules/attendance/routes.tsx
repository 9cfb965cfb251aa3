import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/attendance/payroll/simulator': lazy(() => import('./pages/Pph21SimulatorPage')),
};
