import { lazy } from 'react';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/attendance/payroll/simulator': lazy(() => import('./pages/Pph21SimulatorPage')),
  '/attendance/payroll/transaction': lazy(() => import('./pages/PayrollRunPage')),
  '/attendance/master/department': lazy(() => import('./pages/DepartmentPage')),
  '/attendance/master/schedule': lazy(() => import('./pages/ShiftPage')),
  '/attendance/master/payrollcomponent': lazy(() => import('./pages/PayrollComponentPage')),
  '/attendance/master/payrollperiode': lazy(() => import('./pages/PayrollGroupPage')),
  '/attendance/employees': lazy(() => import('./pages/EmployeesPage')),
  '/attendance/attendance/daily': lazy(() => import('./pages/DailyPage')),
  '/my-attendance': lazy(() => import('./pages/MyAttendancePage')),
  '/backoffice/attendance/checklog': lazy(() => import('./pages/ChecklogPage')),
  '/backoffice/attendance/shift': lazy(() => import('./pages/BackofficeShiftPage')),
  '/backoffice/attendance/office': lazy(() => import('./pages/OfficePage')),
};
