import { MSG, PRODUCT_NAME } from '@klinik/shared';
import { ModuleLayout } from './ModuleLayout';
import { ATTENDANCE_NAV } from './nav';

export default function AttendanceLayout() {
  return (
    <ModuleLayout name="attendance" title="Absensi" nav={ATTENDANCE_NAV} logoutText={MSG.logoutConfirm(PRODUCT_NAME)} />
  );
}
