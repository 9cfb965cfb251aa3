import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const DEPARTMENT = entity({ name: 'attendance.department', table: 'department', branchColumn: 'profile_id' });
export const EMPLOYEE = entity({
  name: 'attendance.employee',
  table: 'users',
  branchColumn: 'profile_id',
});
export const SHIFT = entity({ name: 'attendance.shift', table: 'shift', branchColumn: 'profile_id' });
export const OFFICE = entity({ name: 'attendance.office', table: 'office', branchColumn: 'profile_id' });
export const PAYROLL_COMPONENT = entity({
  name: 'attendance.payrollComponent',
  table: 'payroll_component',
  branchColumn: 'profile_id',
});
export const PAYROLL_GROUP = entity({
  name: 'attendance.payrollGroup',
  table: 'payroll_group',
  branchColumn: 'profile_id',
});
export const PAYROLL_RUN = entity({ name: 'attendance.payrollRun', table: 'payroll_run', branchColumn: 'profile_id' });
export const LEAVE = entity({ name: 'attendance.leave', table: 'attendance_leave', branchColumn: 'profile_id' });
export const attendanceEntities = [
  DEPARTMENT,
  EMPLOYEE,
  SHIFT,
  OFFICE,
  PAYROLL_COMPONENT,
  PAYROLL_GROUP,
  PAYROLL_RUN,
  LEAVE,
];
