import type { FastifyInstance } from 'fastify';
import { pph21SimInput } from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { payrollAccess } from './access.js';
import { simulatePph21 } from './simulator.js';

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
}
