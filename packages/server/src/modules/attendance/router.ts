import { pph21SimInput } from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import { payrollAccess } from './access.js';
import { simulatePph21 } from './simulator.js';

/** Attendance and payroll (issue 15): the web app's front door, the same services as the REST adapter. */
export const attendanceRouter = router({
  payroll: router({
    pph21: procedure
      .meta({ access: payrollAccess })
      .input(pph21SimInput)
      .mutation(({ ctx, input }) => simulatePph21(ctx, input)),
  }),
});
