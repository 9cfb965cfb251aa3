/** The paket module's front door: what other modules, the seeds and the app may use. */
export { paketRouter } from './router.js';
export { paketEndpoints } from './endpoints.js';
export { register } from './services/registration.js';
export {
  applyInstalmentPayment,
  reverseInstalmentPayment,
  takeSlot,
  returnSlot,
  type InstalmentAllocation,
} from './services/usage.js';
export { salesPerMonth } from './queries/sales.js';
export { paketOverdueDashboardCard, paketSalesDashboardCard, salesOf } from './dashboard.js';
export { PAKET_TYPE, PAKET, PAKET_HISTORY, MEMBERSHIP, paketEntities } from './entities.js';
export { copyChainPaket, copyChainPaketType, type ChainPaketVersion } from './queries/chain.js';
