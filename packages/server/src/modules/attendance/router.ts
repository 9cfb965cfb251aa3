import { trpcRouter } from '../../http/endpoint.js';
import { attendanceEndpoints } from './endpoints.js';

/** Derived from the endpoint declarations. */
export const attendanceRouter = trpcRouter(attendanceEndpoints);
