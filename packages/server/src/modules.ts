import type { FastifyInstance } from 'fastify';
import { authRest } from './modules/auth/rest.js';
import { branchesRest } from './modules/branches/rest.js';
import { healthRest } from './modules/health/rest.js';
import { usersRest } from './modules/users/rest.js';
import { financeRest } from './modules/finance/rest.js';
import { applogRest } from './modules/applog/rest.js';
import { pengumumanRest } from './modules/pengumuman/rest.js';
import { wilayahRest } from './modules/wilayah/rest.js';
import { mastersRest } from './modules/masters/rest.js';
import { paketRest } from './modules/paket/rest.js';
import { attendanceRest } from './modules/attendance/rest.js';

/** Every module's REST adapter (spec section 7 paths). */
export const restModules: ((app: FastifyInstance) => void)[] = [
  healthRest,
  authRest,
  branchesRest,
  usersRest,
  financeRest,
  applogRest,
  pengumumanRest,
  wilayahRest,
  mastersRest,
  paketRest,
  attendanceRest,
];
