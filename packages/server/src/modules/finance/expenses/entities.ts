import { entity } from '../../../http/access-scope.js';

/** What the expense routes' ids name (issue 28 item 5), for requireAccess and the cross-branch walk. */
export const EXPENSE = entity({
  name: 'finance.expense',
  table: 'expense',
  branchColumn: 'profile_id',
  notFound: 'Pengeluaran tidak ditemukan',
});
export const EXPENSE_PROOF = entity({
  name: 'finance.expenseProof',
  table: 'expense_proof',
  branchColumn: 'profile_id',
  notFound: 'Bukti pengeluaran tidak ditemukan',
});
export const EXPENSE_CATEGORY = entity({
  name: 'finance.expenseCategory',
  table: 'expense_category',
  branchColumn: null,
  notFound: 'Kategori pengeluaran tidak ditemukan',
  unscopedBecause: 'one list of expense categories for the whole organisation, mapped to the one chart of accounts',
});
export const expenseEntities = [EXPENSE, EXPENSE_PROOF, EXPENSE_CATEGORY];
