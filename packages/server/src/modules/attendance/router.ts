import { trpcRouter } from '../../http/endpoint.js';
import { attendanceEndpoints } from './endpoints.js';

/** Attendance and payroll (issue 15): derived from the endpoint declarations. */
export const attendanceRouter = trpcRouter(attendanceEndpoints);
