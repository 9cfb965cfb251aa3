import { access } from '@klinik/shared';

/**
 * Who may do what in attendance and payroll (docs/decisions.md, "Attendance and payroll"). Owner and developer pass
 * everything; `toplevel` in a role set also admits manager HR and manager operational.
 */

/** Payroll: salaries, components, groups, runs, the PPh 21 simulator (spec 2.1 'Payroll': manager, admin, finance). */
export const payrollAccess = access.roles('manager', 'admin', 'finance', 'toplevel');
