import {
  ATTENDANCE_ACCESS,
  BACKOFFICE_ATTENDANCE_ACCESS,
  PAYROLL_ACCESS,
  SELF_ATTENDANCE_ACCESS,
} from '@klinik/shared';

/**
 * Who may do what in attendance and payroll (docs/decisions.md, "Attendance and payroll"). Owner and developer pass
 * everything; `toplevel` in a role set also admits manager HR and manager operational. The rules live in
 * @klinik/shared so the web pages (PAGE_ACCESS) use the same ones.
 */

/** Payroll: salaries, components, groups, runs, the PPh 21 simulator (spec 2.1 'Payroll': manager, admin, finance). */
export const payrollAccess = PAYROLL_ACCESS;

/** Attendance: employees, departments, shifts, roster, daily attendance (spec 2.1 'Attendance': manager, admin). */
export const attendanceAccess = ATTENDANCE_ACCESS;

/** Backoffice attendance (checklog, shift, office): owner, developer, manager HR, manager operational (spec 6). */
export const backofficeAttendance = BACKOFFICE_ATTENDANCE_ACCESS;

/** Own web check-in and check-out: every signed-in staff member. */
export const selfAttendance = SELF_ATTENDANCE_ACCESS;
