/** Attendance's services, split by subject under `services/`; the endpoints and payroll import them from here. */
export {
  listDepartments,
  saveDepartment,
  type EmployeeDto,
  listEmployees,
  getEmployee,
  saveEmployee,
  listShifts,
  saveShift,
  listOffices,
  saveOffice,
} from './services/staff.js';
export {
  getRoster,
  saveRoster,
  copyRosterWeek,
  importChecklog,
  type ImportSource,
  webPunch,
  listChecklog,
  localIso,
} from './services/roster.js';
export { type DailyRow, daily } from './services/daily.js';
export { listLeaves, recordLeave, cancelLeave, branchToday, myAttendance } from './services/leave.js';
