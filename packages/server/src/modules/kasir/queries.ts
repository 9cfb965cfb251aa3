/**
 * The kasir module's only SQL, split by subject under `queries/`; every query names the branch it works in (or takes a
 * BranchScope). The services import from here.
 */
export { type PaymentRow, type LineRow, type SessionRow } from './queries/rows.js';
export { settingOf, upsertSetting, type MethodRow, paymentMethods, ppnTax } from './queries/settings.js';
export {
  openSessionOf,
  findSession,
  insertSession,
  closeSession,
  insertCounts,
  sessionTakings,
  sessionPaymentCounts,
  countsOf,
  listSessions,
} from './queries/sessions.js';
export {
  insertPayment,
  insertLines,
  insertTenders,
  setPaymentJournal,
  findPayment,
  linesOf,
  tendersOf,
  activePaymentOfVisit,
  type SettlementRow,
  settlementsOf,
  sessionForShare,
  bumpPrintCount,
  type PaymentListRow,
  listPayments,
  paymentListRow,
  dayTenders,
  insertVoid,
  markVoid,
} from './queries/payments.js';
export {
  type MembershipLock,
  lockMembership,
  type CicilanRow,
  cicilanOf,
  searchMembershipsDue,
  type SlotRow,
  usableSlots,
} from './queries/memberships.js';
export {
  findBranch,
  findPatient,
  userName,
  type VisitHead,
  visitHead,
  type BillSourceRow,
  billSources,
  billableVisits,
  approvedDiscount,
} from './queries/bills.js';
export { itemsForSale, saleMovements, warehouses, saleItems } from './queries/sales.js';
