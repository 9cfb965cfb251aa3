import type { ComponentType } from 'react';
import type { LayoutName } from '../app/route-types';
import AdminLayout from './AdminLayout';
import AttendanceLayout from './AttendanceLayout';
import BackofficeLayout from './BackofficeLayout';
import ClinicLayout from './ClinicLayout';
import FinanceLayout from './FinanceLayout';
import PaketLayout from './PaketLayout';

export const LAYOUTS: Record<LayoutName, ComponentType> = {
  clinic: ClinicLayout,
  finance: FinanceLayout,
  paket: PaketLayout,
  attendance: AttendanceLayout,
  backoffice: BackofficeLayout,
  admin: AdminLayout,
};
