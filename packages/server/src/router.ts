import { router } from './http/trpc.js';
import { authRouter } from './modules/auth/router.js';
import { branchesRouter } from './modules/branches/router.js';
import { usersRouter } from './modules/users/router.js';
import { financeRouter } from './modules/finance/router.js';
import { applogRouter, approvalRulesRouter } from './modules/applog/router.js';
import { pengumumanRouter } from './modules/pengumuman/router.js';
import { wilayahRouter } from './modules/wilayah/router.js';
import { mastersRouter } from './modules/masters/router.js';
import { paketRouter } from './modules/paket/router.js';
import { attendanceRouter } from './modules/attendance/router.js';

/** Every module's tRPC router, mounted at /trpc. Add a module here and its REST adapter in app.ts. */
export const appRouter = router({
  auth: authRouter,
  branches: branchesRouter,
  users: usersRouter,
  finance: financeRouter,
  applog: applogRouter,
  approvalRules: approvalRulesRouter,
  pengumuman: pengumumanRouter,
  wilayah: wilayahRouter,
  masters: mastersRouter,
  paket: paketRouter,
  attendance: attendanceRouter,
});

export type AppRouter = typeof appRouter;
