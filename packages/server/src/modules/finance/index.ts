/**
 * The finance module's front door: what other modules (paket, cashier, inventory, payroll), the seeds and the
 * app may use. Everything else in this folder is private to finance.
 */
export { financeEndpoints } from './endpoints.js';
export { financeRouter } from './router.js';
export { ACCOUNT, type AccountCode, type AccountKey } from './accounts.js';
export { getActivePeriod, postJournal, requireActivePeriod, type PostingLine } from './posting.js';
/** Automatic-journal keys: `akun: auto('hutangDokter')` on a posting line (issue 28 item 7). */
export { auto } from './autoposting/resolve.js';
/**
 * The stored-line reversal (issue 28 item 8): every void, cancellation or correction of a document reverses the
 * journal lines stored for it, never lines rebuilt from today's rules. See ./reversal.ts.
 */
export {
  reverseDocument,
  reverseJournal,
  type ReverseDocumentArgs,
  type ReverseOptions,
  type ReversedJournal,
} from './reversal.js';
export { createPeriode } from './services/periods.js';
export { financeDashboardCard, revenueOf } from './dashboard.js';
export { AKUN, PERIODE, JURNAL, PAYMENT_METHOD, PAJAK, financeEntities } from './entities.js';
