import type { FastifyInstance } from 'fastify';
import {
  checkinInput,
  checklogListQuery,
  dailyQuery,
  departmentInput,
  employeeInput,
  employeeListQuery,
  idParam,
  officeInput,
  pph21SimInput,
  rosterCopyInput,
  rosterInput,
  rosterQuery,
  shiftInput,
  z,
} from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { badRequest } from '../../http/errors.js';
import { attendanceAccess, backofficeAttendance, payrollAccess, selfAttendance } from './access.js';
import { simulatePph21 } from './simulator.js';
import * as service from './service.js';

const params = z.object({ id: idParam });
const allBranch = z.object({
  isallbranch: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
});
const myQuery = z.object({
  date: z.preprocess((v) => (v === '' ? undefined : v), dailyQuery.shape.date.optional()),
});

/** REST contract of issue 15 (amounts in rupiah). */
export function attendanceRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'POST',
    url: '/api/attendance/payroll/pph21',
    access: payrollAccess,
    body: pph21SimInput,
    async handler(ctx, { body }) {
      return { data: simulatePph21(ctx, body) };
    },
  });

  // Departments
  restRoute(app, {
    method: 'GET',
    url: '/api/attendance/departments',
    access: attendanceAccess,
    async handler(ctx) {
      const data = await service.listDepartments(ctx);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/attendance/departments',
    access: attendanceAccess,
    body: departmentInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.saveDepartment(ctx, null, body) };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/attendance/departments/:id',
    access: attendanceAccess,
    params,
    body: departmentInput,
    async handler(ctx, { params, body }) {
      return { data: await service.saveDepartment(ctx, params.id, body) };
    },
  });

  // Employees
  restRoute(app, {
    method: 'GET',
    url: '/api/attendance/employees',
    access: attendanceAccess,
    query: employeeListQuery,
    async handler(ctx, { query }) {
      const data = await service.listEmployees(ctx, query);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/attendance/employees/:id',
    access: attendanceAccess,
    params,
    async handler(ctx, { params }) {
      return { data: await service.getEmployee(ctx, params.id) };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/attendance/employees/:id',
    access: attendanceAccess,
    params,
    body: employeeInput,
    async handler(ctx, { params, body }) {
      return { data: await service.saveEmployee(ctx, params.id, body) };
    },
  });

  // Shifts and offices
  restRoute(app, {
    method: 'GET',
    url: '/api/attendance/shifts',
    access: attendanceAccess,
    query: allBranch,
    async handler(ctx, { query }) {
      const data = await service.listShifts(ctx, query.isallbranch);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/attendance/shifts',
    access: attendanceAccess,
    body: shiftInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.saveShift(ctx, null, body) };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/attendance/shifts/:id',
    access: attendanceAccess,
    params,
    body: shiftInput,
    async handler(ctx, { params, body }) {
      return { data: await service.saveShift(ctx, params.id, body) };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/attendance/offices',
    access: backofficeAttendance,
    query: allBranch,
    async handler(ctx, { query }) {
      const data = await service.listOffices(ctx, query.isallbranch);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/attendance/offices',
    access: backofficeAttendance,
    body: officeInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.saveOffice(ctx, null, body) };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/attendance/offices/:id',
    access: backofficeAttendance,
    params,
    body: officeInput,
    async handler(ctx, { params, body }) {
      return { data: await service.saveOffice(ctx, params.id, body) };
    },
  });

  // Roster
  restRoute(app, {
    method: 'GET',
    url: '/api/attendance/roster',
    access: attendanceAccess,
    query: rosterQuery,
    async handler(ctx, { query }) {
      const data = await service.getRoster(ctx, query);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/attendance/roster',
    access: attendanceAccess,
    body: rosterInput,
    async handler(ctx, { body }) {
      return { data: await service.saveRoster(ctx, body) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/attendance/roster/copy',
    access: attendanceAccess,
    body: rosterCopyInput,
    async handler(ctx, { body }) {
      return { data: await service.copyRosterWeek(ctx, body) };
    },
  });

  // Punches
  restRoute(app, {
    method: 'POST',
    url: '/api/attendance/checklog/import',
    access: attendanceAccess,
    async handler(ctx, _input, req) {
      let text: string;
      if (req.isMultipart()) {
        const part = await req.file();
        if (!part) throw badRequest('File log absensi wajib diunggah', 'file');
        text = (await part.toBuffer()).toString('utf8');
      } else if (typeof req.body === 'string') {
        text = req.body;
      } else if (req.body && typeof (req.body as { text?: unknown }).text === 'string') {
        text = (req.body as { text: string }).text;
      } else {
        throw badRequest('File log absensi wajib diunggah (multipart "file" atau teks)', 'file');
      }
      return { data: await service.importChecklog(ctx, text) };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/attendance/checklog',
    access: backofficeAttendance,
    query: checklogListQuery,
    async handler(ctx, { query }) {
      return service.listChecklog(ctx, query);
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/attendance/checkin',
    access: selfAttendance,
    body: checkinInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.webPunch(ctx, 0, body) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/attendance/checkout',
    access: selfAttendance,
    body: checkinInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.webPunch(ctx, 1, body) };
    },
  });

  // Daily attendance
  restRoute(app, {
    method: 'GET',
    url: '/api/attendance/daily',
    access: attendanceAccess,
    query: dailyQuery,
    async handler(ctx, { query }) {
      const data = await service.daily(ctx, query);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/attendance/me',
    access: selfAttendance,
    query: myQuery,
    async handler(ctx, { query }) {
      return { data: await service.myAttendance(ctx, query.date) };
    },
  });
}
