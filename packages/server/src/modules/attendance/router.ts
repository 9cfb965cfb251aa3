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
import { procedure, router } from '../../http/trpc.js';
import { attendanceAccess, backofficeAttendance, payrollAccess, selfAttendance } from './access.js';
import { simulatePph21 } from './simulator.js';
import * as service from './service.js';

const allBranch = z.object({ isallbranch: z.number().int().optional() }).optional();

/** Attendance and payroll (issue 15): the web app's front door, the same services as the REST adapter. */
export const attendanceRouter = router({
  payroll: router({
    pph21: procedure
      .meta({ access: payrollAccess })
      .input(pph21SimInput)
      .mutation(({ ctx, input }) => simulatePph21(ctx, input)),
  }),
  departments: router({
    list: procedure.meta({ access: attendanceAccess }).query(({ ctx }) => service.listDepartments(ctx)),
    save: procedure
      .meta({ access: attendanceAccess })
      .input(z.object({ id: idParam.nullable(), data: departmentInput }))
      .mutation(({ ctx, input }) => service.saveDepartment(ctx, input.id, input.data)),
  }),
  employees: router({
    list: procedure
      .meta({ access: attendanceAccess })
      .input(employeeListQuery)
      .query(({ ctx, input }) => service.listEmployees(ctx, input)),
    get: procedure
      .meta({ access: attendanceAccess })
      .input(z.object({ id: idParam }))
      .query(({ ctx, input }) => service.getEmployee(ctx, input.id)),
    save: procedure
      .meta({ access: attendanceAccess })
      .input(z.object({ id: idParam, data: employeeInput }))
      .mutation(({ ctx, input }) => service.saveEmployee(ctx, input.id, input.data)),
  }),
  shifts: router({
    list: procedure
      .meta({ access: attendanceAccess })
      .input(allBranch)
      .query(({ ctx, input }) => service.listShifts(ctx, input?.isallbranch)),
    save: procedure
      .meta({ access: attendanceAccess })
      .input(z.object({ id: idParam.nullable(), data: shiftInput }))
      .mutation(({ ctx, input }) => service.saveShift(ctx, input.id, input.data)),
  }),
  offices: router({
    list: procedure
      .meta({ access: backofficeAttendance })
      .input(allBranch)
      .query(({ ctx, input }) => service.listOffices(ctx, input?.isallbranch)),
    save: procedure
      .meta({ access: backofficeAttendance })
      .input(z.object({ id: idParam.nullable(), data: officeInput }))
      .mutation(({ ctx, input }) => service.saveOffice(ctx, input.id, input.data)),
  }),
  roster: router({
    get: procedure
      .meta({ access: attendanceAccess })
      .input(rosterQuery)
      .query(({ ctx, input }) => service.getRoster(ctx, input)),
    save: procedure
      .meta({ access: attendanceAccess })
      .input(rosterInput)
      .mutation(({ ctx, input }) => service.saveRoster(ctx, input)),
    copyWeek: procedure
      .meta({ access: attendanceAccess })
      .input(rosterCopyInput)
      .mutation(({ ctx, input }) => service.copyRosterWeek(ctx, input)),
  }),
  checklog: router({
    list: procedure
      .meta({ access: backofficeAttendance })
      .input(checklogListQuery)
      .query(({ ctx, input }) => service.listChecklog(ctx, input)),
    import: procedure
      .meta({ access: attendanceAccess })
      .input(z.object({ text: z.string({ error: 'File log absensi wajib diunggah' }).max(10_000_000) }))
      .mutation(({ ctx, input }) => service.importChecklog(ctx, input.text)),
  }),
  checkin: procedure
    .meta({ access: selfAttendance })
    .input(checkinInput)
    .mutation(({ ctx, input }) => service.webPunch(ctx, 0, input)),
  checkout: procedure
    .meta({ access: selfAttendance })
    .input(checkinInput)
    .mutation(({ ctx, input }) => service.webPunch(ctx, 1, input)),
  daily: procedure
    .meta({ access: attendanceAccess })
    .input(dailyQuery)
    .query(({ ctx, input }) => service.daily(ctx, input)),
  me: procedure
    .meta({ access: selfAttendance })
    .input(z.object({ date: dailyQuery.shape.date.optional() }))
    .query(({ ctx, input }) => service.myAttendance(ctx, input.date)),
});
