/**
 * The finance module's front door: what other modules (paket, cashier, inventory, payroll), the seeds and the
 * app may use. Everything else in this folder is private to finance.
 */
export { financeEndpoints } from './endpoints.js';
export { financeRouter } from './router.js';
export { ACCOUNT, type AccountCode, type AccountKey } from './accounts.js';
export { getActivePeriod, postJournal, requireActivePeriod, type PostingLine } from './posting.js';
export { createPeriode } from './services/periods.js';
export { financeDashboardCard, revenueOf } from './dashboard.js';
export { AKUN, PERIODE, JURNAL, PAYMENT_METHOD, PAJAK, financeEntities } from './entities.js';
// Issue 28 items 4 and 5: registered expenses and tax payables (own API modules 'expenses' and 'taxes').
export { expenseEndpoints, expensesRouter, expenseApprovalExecutors, expenseEntities } from './expenses/index.js';
