/** Attendance and payroll SQL, the only place the module writes any (split by subject). */
export * from './attendance.js';
export * from './schedule.js';
export * from './punches.js';
export * from './leave.js';
export * from './payroll.js';
