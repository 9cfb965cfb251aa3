/**
 * The attendance and payroll module's front door (issue 15): what the app, other modules, seeds and tests may use.
 * Everything else in this folder is private to attendance.
 */
export { attendanceRouter } from './router.js';
export { attendanceRest } from './rest.js';
export { simulatePph21 } from './simulator.js';
