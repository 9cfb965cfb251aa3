/**
 * The attendance and payroll module's front door (issue 15): what the app, other modules, seeds and tests may use.
 * Everything else in this folder is private to attendance.
 */
export { attendanceRouter } from './router.js';
export { attendanceEndpoints } from './endpoints.js';
export { simulatePph21 } from './simulator.js';
export { attendanceEntities } from './entities.js';
export { createRun, approveRun, createCorrection } from './payroll.js';
export { attendanceApprovalExecutors } from './corrections.js';
export { localToEpoch, addDaysTo } from './timeclock.js';
