import { pph21SimInput } from '@klinik/shared';
import { mutation } from '../../http/endpoint.js';
import { payrollAccess } from './access.js';
import { simulatePph21 } from './simulator.js';

/** Attendance and payroll (issue 15; amounts in rupiah). */
export const attendanceEndpoints = {
  payroll: {
    pph21: mutation({
      summary: 'Simulasi PPh 21 (rupiah)',
      access: payrollAccess,
      input: pph21SimInput,
      handler: async (ctx, input) => simulatePph21(ctx, input),
      rest: { method: 'POST', path: '/api/attendance/payroll/pph21' },
    }),
  },
};
