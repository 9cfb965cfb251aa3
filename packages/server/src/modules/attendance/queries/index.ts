/** Attendance and payroll SQL, the only place the module writes any (split by subject). */
export * from './attendance.js';
export * from './payroll.js';
