import { applogFactories } from './applog.js';
import { attendanceFactories } from './attendance.js';
import { branchesFactories } from './branches.js';
import { financeFactories, payablesFactories } from './finance.js';
import { financeOutFactories } from './financeOut.js';
import { mastersFactories } from './masters.js';
import { medicalRecordsFactories } from './medicalRecords.js';
import { inventoryFactories } from './inventory.js';
import { medicalListsFactories } from './medicalLists.js';
import { multimediaFactories } from './multimedia.js';
import { paketFactories } from './paket.js';
import { kasirFactories } from './kasir.js';
import { visitsFactories } from './visits.js';
import { reservationsFactories } from './reservations.js';
import { sharingFactories } from './sharing.js';
import type { ModuleFactories } from './types.js';
import { usersFactories } from './users.js';
import { stockFlowsFactories } from './stockFlows.js';
import { investorsFactories } from './investors.js';
import { satusehatFactories } from './satusehat.js';
import { pricelistFactories } from './pricelist.js';
import { seasonFactories } from './season.js';

export type { Created, EntityFactory, FactoryEnv, ModuleFactories } from './types.js';

/**
 * Every module's test factories, by entity name: the cross-branch walk (test/cross-branch.test.ts) creates a row in
 * another branch with these. A new module adds its file here; a route whose entity has none fails the walk.
 */
export const entityFactories: ModuleFactories = {
  ...branchesFactories,
  ...usersFactories,
  ...financeFactories,
  ...financeOutFactories,
  ...payablesFactories,
  ...applogFactories,
  ...mastersFactories,
  ...inventoryFactories,
  ...paketFactories,
  ...visitsFactories,
  ...reservationsFactories,
  ...attendanceFactories,
  ...multimediaFactories,
  ...medicalRecordsFactories,
  ...stockFlowsFactories,
  ...sharingFactories,
  ...medicalListsFactories,
  ...kasirFactories,
  ...investorsFactories,
  ...satusehatFactories,
  ...pricelistFactories,
  ...seasonFactories,
};
