/**
 * The finance module's front door: what other modules (paket, cashier, inventory, payroll), the seeds and the
 * app may use. Everything else in this folder is private to finance.
 */
export { financeEndpoints } from './endpoints.js';
export { financeRouter } from './router.js';
export { ACCOUNT, type AccountCode, type AccountKey } from './accounts.js';
export { getActivePeriod, postJournal, requireActivePeriod, type PostingLine } from './posting.js';
/**
 * The payables sub-ledger (issue 28; docs/decisions.md "Payables"). A module posting to a control account
 * (akun.payable_party: 2101-2105, 2201-2205) passes `party` (and `due_date`) on the line: the posting service makes
 * the open item in the same transaction. A void of a document posts with `reverses` (or is a stored-line reversal):
 * the items it made are cancelled. Paying: `payItems(ctx, { kind: 'payment' | 'tax_deposit', party_type, party,
 * method, date, allocations: [{ item, amount }] (sen), idempotency_key, tax?, masa?, billing_code?, ntpn? })` in
 * its own transaction (or the caller's); `listItems(ctx, filter)` reads items of the current branch;
 * `voidPaymentNow(ctx, id, reason)` reverses a payment once approved.
 */
export {
  PARTY_TYPES,
  PAYABLE_TAXES,
  PARTY_LABEL,
  type PartyType,
  type PayableTax,
  type PayableParty,
} from './payables/types.js';
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
export { branchMonthFigures } from './queries/branch-figures.js';
/** The branch reports and the consolidation's eliminations, for the Backoffice's consolidated reports (issue 30). */
export {
  trialBalancesOfBranches,
  profitLoss,
  balanceSheet,
  side,
  balanceColumns,
  balanceTotals,
} from './services/reports.js';
export { interBranchEliminations, type Elimination } from './consolidation.js';
/** Paid treatments per procedure of the current branch (issue 29 part B: deviden per procedure performed). */
export { proceduresPaid } from './income/service.js';
export { AKUN, PERIODE, JURNAL, PAYMENT_METHOD, PAJAK, financeEntities } from './entities.js';
export { payItems, voidPaymentNow, payablesApprovalExecutors, type PayItemsArgs } from './payables/payments.js';
export { listItems as listPayableItems } from './payables/reads.js';
// Issue 28 items 4 and 5: registered expenses and tax payables (own API modules 'expenses' and 'taxes').
export { expenseEndpoints, expensesRouter, expenseApprovalExecutors, expenseEntities } from './expenses/index.js';
export { taxEndpoints, taxesRouter } from './taxes/index.js';
export { seedDemoExpenses } from './expenses/demo.js';
