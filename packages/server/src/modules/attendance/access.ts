import { access } from '@klinik/shared';

/**
 * Who may do what in attendance and payroll (docs/decisions.md, "Attendance and payroll"). Owner and developer pass
 * everything; `toplevel` in a role set also admits manager HR and manager operational.
 */

/** Payroll: salaries, components, groups, runs, the PPh 21 simulator (spec 2.1 'Payroll': manager, admin, finance). */
export const payrollAccess = access.roles('manager', 'admin', 'finance', 'toplevel');

/** Attendance: employees, departments, shifts, roster, daily attendance (spec 2.1 'Attendance': manager, admin). */
export const attendanceAccess = access.roles('manager', 'admin', 'toplevel');

/** Backoffice attendance (checklog, shift, office): owner, developer, manager HR, manager operational (spec 6). */
export const backofficeAttendance = access.toplevel(true);

/** Own web check-in and check-out: every signed-in staff member. */
export const selfAttendance = access.auth;
