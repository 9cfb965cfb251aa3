import type { FastifyInstance } from 'fastify';
import type { ApprovalAction } from '@klinik/shared';
import type { EntityDef } from './http/access-scope.js';
import type { JobEnv } from './lib/jobs.js';
import { registerRest, restEntries, type EndpointTree, type RestEntry } from './http/endpoint.js';
import { apiDocsEndpoints } from './modules/apidocs/index.js';
import { attendanceApprovalExecutors, attendanceEndpoints, attendanceEntities } from './modules/attendance/index.js';
import {
  applogApprovalExecutors,
  applogEndpoints,
  applogEntities,
  approvalRulesEndpoints,
  registerApprovalExecutor,
  type ApprovalExecutor,
} from './modules/applog/index.js';
import { authEndpoints } from './modules/auth/index.js';
import { branchesEndpoints, branchesEntities } from './modules/branches/index.js';
import { dashboardEndpoints } from './modules/dashboard/index.js';
import {
  expenseApprovalExecutors,
  expenseEndpoints,
  expenseEntities,
  financeEndpoints,
  financeEntities,
  payablesApprovalExecutors,
  taxEndpoints,
} from './modules/finance/index.js';
import { healthEndpoints } from './modules/health/index.js';
import { jobsEndpoints, jobsEntities } from './modules/jobs/index.js';
import { mastersEndpoints, mastersEntities } from './modules/masters/index.js';
import { inventoryEndpoints, inventoryEntities } from './modules/inventory/index.js';
import { paketEndpoints, paketEntities } from './modules/paket/index.js';
import { kasirApprovalExecutors, kasirEndpoints, kasirEntities } from './modules/kasir/index.js';
import { sharingApprovalExecutors, sharingEndpoints, sharingEntities } from './modules/sharing/index.js';
import { backofficeEndpoints } from './modules/backoffice/index.js';
import { multimediaEndpoints, multimediaEntities } from './modules/multimedia/index.js';
import { deskEndpoints } from './modules/desk/index.js';
import { medicalRecordsEndpoints, medicalRecordsEntities, onRecordFinished } from './modules/medicalRecords/index.js';
import { visitsEndpoints, visitsEntities } from './modules/visits/index.js';
import { doctorsEndpoints, doctorsEntities } from './modules/doctors/index.js';
import { registerReminderJobs, reservationsEndpoints, reservationsEntities } from './modules/reservations/index.js';
import { pengumumanEndpoints } from './modules/pengumuman/index.js';
import { usersApprovalExecutors, usersEndpoints, usersEntities } from './modules/users/index.js';
import { wilayahEndpoints } from './modules/wilayah/index.js';
import {
  consumeRecordBhp,
  stockFlowsApprovalExecutors,
  stockFlowsEndpoints,
  stockFlowsEntities,
} from './modules/stockFlows/index.js';
import { icdEndpoints } from './modules/icd/index.js';
import { medicalListsEndpoints, medicalListsEntities } from './modules/medicalLists/index.js';
import { investorsApprovalExecutors, investorsEndpoints, investorsEntities } from './modules/investors/index.js';
import {
  onRecordFinishedForSatusehat,
  registerSatusehatJobs,
  satusehatEndpoints,
  satusehatEntities,
} from './modules/satusehat/index.js';
import { pricelistEndpoints, pricelistEntities } from './modules/pricelist/index.js';
import { seasonEndpoints, seasonEntities } from './modules/season/index.js';
import { chainMastersEndpoints, chainMastersEntities } from './modules/chainMasters/index.js';

/**
 * Every module's endpoint declarations, by the name its tRPC router has in router.ts. The REST routes and the
 * OpenAPI document come from this list; the tRPC routers are mounted in router.ts. A new module adds one line
 * here and one in router.ts.
 */
export const apiModules: Record<string, EndpointTree> = {
  health: healthEndpoints,
  apidocs: apiDocsEndpoints,
  auth: authEndpoints,
  branches: branchesEndpoints,
  users: usersEndpoints,
  finance: financeEndpoints,
  expenses: expenseEndpoints,
  taxes: taxEndpoints,
  applog: applogEndpoints,
  approvalRules: approvalRulesEndpoints,
  pengumuman: pengumumanEndpoints,
  wilayah: wilayahEndpoints,
  icd: icdEndpoints,
  medicalLists: medicalListsEndpoints,
  masters: mastersEndpoints,
  inventory: inventoryEndpoints,
  paket: paketEndpoints,
  visits: visitsEndpoints,
  doctors: doctorsEndpoints,
  reservations: reservationsEndpoints,
  attendance: attendanceEndpoints,
  jobs: jobsEndpoints,
  dashboard: dashboardEndpoints,
  multimedia: multimediaEndpoints,
  desk: deskEndpoints,
  medicalRecords: medicalRecordsEndpoints,
  stockFlows: stockFlowsEndpoints,
  kasir: kasirEndpoints,
  investors: investorsEndpoints,
  sharing: sharingEndpoints,
  satusehat: satusehatEndpoints,
  backoffice: backofficeEndpoints,
  pricelist: pricelistEndpoints,
  season: seasonEndpoints,
  chainMasters: chainMastersEndpoints,
};

/**
 * Every module's entities (what its ids name: table, branch column, not-found message), for requireAccess and the
 * cross-branch test, which creates each one in another branch with the module's test factory. A module whose
 * endpoints take ids adds its list here.
 */
export const apiEntities: EntityDef[] = [
  ...branchesEntities,
  ...usersEntities,
  ...financeEntities,
  ...expenseEntities,
  ...applogEntities,
  ...mastersEntities,
  ...inventoryEntities,
  ...paketEntities,
  ...visitsEntities,
  ...doctorsEntities,
  ...reservationsEntities,
  ...attendanceEntities,
  ...jobsEntities,
  ...multimediaEntities,
  ...medicalRecordsEntities,
  ...stockFlowsEntities,
  ...medicalListsEntities,
  ...kasirEntities,
  ...investorsEntities,
  ...sharingEntities,
  ...satusehatEntities,
  ...pricelistEntities,
  ...seasonEntities,
  ...chainMastersEntities,
];

/** Every REST route of every module, in registration order. */
export function allRestEntries(): RestEntry[] {
  return Object.entries(apiModules).flatMap(([name, tree]) => restEntries(name, tree));
}

export function registerRestRoutes(app: FastifyInstance): void {
  registerRest(app, allRestEntries());
}

/**
 * Approval executors (what an approved applog request carries out), registered explicitly when the app starts
 * rather than as a side effect of importing a service. A module with approvals adds its map here.
 */
const approvalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>>[] = [
  applogApprovalExecutors,
  usersApprovalExecutors,
  attendanceApprovalExecutors,
  stockFlowsApprovalExecutors,
  kasirApprovalExecutors,
  payablesApprovalExecutors,
  expenseApprovalExecutors,
  investorsApprovalExecutors,
  sharingApprovalExecutors,
];

export function registerApprovalExecutors(): void {
  for (const map of approvalExecutors) {
    for (const [action, run] of Object.entries(map) as [ApprovalAction, ApprovalExecutor][]) {
      registerApprovalExecutor(action, run);
    }
  }
  // Where modules meet without importing each other: a finished record's consumables leave the treatment room.
  onRecordFinished('inventory.bhp', (tx, record) => consumeRecordBhp(tx, record));
  // A finished record enters the SATUSEHAT outbox in its own transaction (a correction later sends an update).
  onRecordFinished('satusehat.outbox', (tx, record) => onRecordFinishedForSatusehat(tx, record));
}

/**
 * Background jobs the modules define when the app starts (lib/jobs.ts): each registration defines its queue and
 * worker on the app's job queue. A module with jobs adds its registration here.
 */
const jobRegistrations: ((env: JobEnv) => Promise<void>)[] = [registerReminderJobs, registerSatusehatJobs];

export async function registerJobs(env: JobEnv): Promise<void> {
  for (const register of jobRegistrations) await register(env);
}
