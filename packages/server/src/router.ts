import { router } from './http/trpc.js';
import { authRouter } from './modules/auth/index.js';
import { branchesRouter } from './modules/branches/index.js';
import { usersRouter } from './modules/users/index.js';
import { expensesRouter, financeRouter, taxesRouter } from './modules/finance/index.js';
import { applogRouter, approvalRulesRouter } from './modules/applog/index.js';
import { pengumumanRouter } from './modules/pengumuman/index.js';
import { wilayahRouter } from './modules/wilayah/index.js';
import { icdRouter } from './modules/icd/index.js';
import { medicalListsRouter } from './modules/medicalLists/index.js';
import { mastersRouter } from './modules/masters/index.js';
import { inventoryRouter } from './modules/inventory/index.js';
import { paketRouter } from './modules/paket/index.js';
import { visitsRouter } from './modules/visits/index.js';
import { doctorsRouter } from './modules/doctors/index.js';
import { reservationsRouter } from './modules/reservations/index.js';
import { attendanceRouter } from './modules/attendance/index.js';
import { jobsRouter } from './modules/jobs/index.js';
import { dashboardRouter } from './modules/dashboard/index.js';
import { multimediaRouter } from './modules/multimedia/index.js';
import { deskRouter } from './modules/desk/index.js';
import { medicalRecordsRouter } from './modules/medicalRecords/index.js';
import { stockFlowsRouter } from './modules/stockFlows/index.js';
import { kasirRouter } from './modules/kasir/index.js';
import { investorsRouter } from './modules/investors/index.js';
import { sharingRouter } from './modules/sharing/index.js';
import { satusehatRouter } from './modules/satusehat/index.js';
import { backofficeRouter } from './modules/backoffice/index.js';
import { pricelistRouter } from './modules/pricelist/index.js';
import { seasonRouter } from './modules/season/index.js';
import { chainMastersRouter } from './modules/chainMasters/index.js';

/** Every module's tRPC router, mounted at /trpc. Add a module here and its REST adapter in app.ts. */
export const appRouter = router({
  auth: authRouter,
  jobs: jobsRouter,
  branches: branchesRouter,
  users: usersRouter,
  finance: financeRouter,
  expenses: expensesRouter,
  taxes: taxesRouter,
  applog: applogRouter,
  approvalRules: approvalRulesRouter,
  pengumuman: pengumumanRouter,
  wilayah: wilayahRouter,
  icd: icdRouter,
  medicalLists: medicalListsRouter,
  masters: mastersRouter,
  inventory: inventoryRouter,
  paket: paketRouter,
  visits: visitsRouter,
  doctors: doctorsRouter,
  reservations: reservationsRouter,
  attendance: attendanceRouter,
  dashboard: dashboardRouter,
  multimedia: multimediaRouter,
  desk: deskRouter,
  medicalRecords: medicalRecordsRouter,
  stockFlows: stockFlowsRouter,
  kasir: kasirRouter,
  investors: investorsRouter,
  sharing: sharingRouter,
  satusehat: satusehatRouter,
  backoffice: backofficeRouter,
  pricelist: pricelistRouter,
  season: seasonRouter,
  chainMasters: chainMastersRouter,
});

export type AppRouter = typeof appRouter;
