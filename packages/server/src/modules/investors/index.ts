/** The investors module's front door (issue 29 part B): the only file other modules, seeds, tests and the app import. */
export { investorsRouter } from './router.js';
export { investorsEndpoints } from './endpoints.js';
export { INVESTOR, DEVIDEN_SETTING, DEVIDEN_RUN, investorsEntities } from './entities.js';
export { investorsApprovalExecutors } from './runs.js';
export { seedDemoInvestors } from './demo.js';
export { investorIncome } from './income.js';
export { labPartnerOptions, labPartnerOf } from './queries/lab-partners.js';
