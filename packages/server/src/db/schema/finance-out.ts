import { sql } from 'drizzle-orm';
import { pgTable, integer, varchar, text, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { applog } from './staff.js';
import * as col from './columns.js';
import { akun, jurnal, paymentMethod } from './finance.js';

/**
 * Money going out (issue 28 items 4 and 5), owned by the finance module (modules/finance/expenses and
 * modules/finance/taxes): expense categories, the branch's expense limits, proofs, expenses, and the PPh badan
 * regime per branch and year with its calculated months. Money in sen.
 */

/** Expense categories (chain-wide, like the chart): each posts to one expense account. */
export const expenseCategory = pgTable(
  'expense_category',
  {
    id: col.serialId(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    akun_id: col.ref('akun_id', () => akun.id),
    status: col.activeStatus(),
    created_at: col.createdAt(),
    updated_at: col.updatedAt(),
  },
  (t) => [uniqueIndex('expense_category_code_idx').on(t.code)],
);

/** A branch's limits (sen): proof required above proof_limit, approval by a second person above approval_limit. */
export const expenseSetting = pgTable('expense_setting', {
  profile_id: col.branch().primaryKey(),
  proof_limit: col.money('proof_limit').notNull(),
  approval_limit: col.money('approval_limit').notNull(),
  updated_by: col.userRef('updated_by'),
  updated_at: col.updatedAt(),
});

/** An uploaded proof (receipt photo or PDF) under uploadDir/expense/<branch>/; used by at most one expense. */
export const expenseProof = pgTable(
  'expense_proof',
  {
    ...col.branchKeys(),
    path: varchar('path', { length: 200 }).notNull(),
    mime: varchar('mime', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    uploaded_by: col.userRef('uploaded_by'),
    created_at: col.createdAt(),
  },
  (t) => [index('expense_proof_profile_idx').on(t.profile_id)],
);

/**
 * A registered expense. Paid from a payment method (Cr its cash/bank account) or owed to a party (Cr the party's
 * control account, a payable item). status: 'pending' (waits for approval, no journal), 'posted', 'reversed'
 * (corrected by a reversing journal). A rejected request leaves it 'pending' with its applog rejected (shown as
 * 'rejected'). Never deleted.
 */
export const expense = pgTable(
  'expense',
  {
    ...col.branchKeys(),
    code: col.docCode(),
    category_id: col.ref('category_id', () => expenseCategory.id),
    /** The category's account when registered (a later remap of the category changes nothing posted). */
    akun_id: col.ref('akun_id', () => akun.id),
    date: col.day('date').notNull(),
    amount: col.money('amount').notNull(),
    payment_method_id: integer('payment_method_id').references(() => paymentMethod.id),
    party_type: varchar('party_type', { length: 20 }),
    party_id: integer('party_id'),
    party_name: varchar('party_name', { length: 150 }),
    memo: text('memo').notNull(),
    proof_id: integer('proof_id').references(() => expenseProof.id),
    status: varchar('status', { length: 10 }).notNull(),
    jurnal_id: integer('jurnal_id').references(() => jurnal.id),
    reversal_jurnal_id: integer('reversal_jurnal_id').references(() => jurnal.id),
    applog_id: integer('applog_id').references(() => applog.id),
    reverse_applog_id: integer('reverse_applog_id').references(() => applog.id),
    reverse_reason: text('reverse_reason'),
    idempotency_key: col.idempotencyKey(),
    created_by: col.userRef('created_by'),
    approved_by: col.userRef('approved_by'),
    reversed_by: col.userRef('reversed_by'),
    created_at: col.createdAt(),
    posted_at: col.ts('posted_at'),
    reversed_at: col.ts('reversed_at'),
  },
  (t) => [
    uniqueIndex('expense_code_idx').on(t.profile_id, t.code),
    uniqueIndex('expense_idem_idx').on(t.profile_id, t.idempotency_key),
    uniqueIndex('expense_proof_idx').on(t.proof_id),
    uniqueIndex('expense_jurnal_idx').on(t.jurnal_id),
    index('expense_profile_date_idx').on(t.profile_id, t.date),
    index('expense_pending_idx')
      .on(t.profile_id)
      .where(sql`status = 'pending'`),
  ],
);

/** PPh badan regime of a branch (legal entity) for a year: PP 55/2022 final on turnover, or PPh 25 instalments. */
export const pphBadanSetting = pgTable(
  'pph_badan_setting',
  {
    profile_id: col.branch(),
    year: integer('year').notNull(),
    /** 'pp55' | 'pph25' */
    regime: varchar('regime', { length: 10 }).notNull(),
    /** PP 55/2022 rate in basis points (50 = 0,5%). */
    rate_bp: integer('rate_bp').notNull().default(50),
    /** PPh 25: the monthly instalment in sen. */
    instalment: col.money('instalment'),
    note: varchar('note', { length: 255 }),
    updated_by: col.userRef('updated_by'),
    updated_at: col.updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.profile_id, t.year] })],
);

/** A calculated PPh badan masa: the turnover it was computed on and the payable it posted (once per masa). */
export const pphBadanMasa = pgTable(
  'pph_badan_masa',
  {
    ...col.branchKeys(),
    masa: varchar('masa', { length: 7 }).notNull(),
    regime: varchar('regime', { length: 10 }).notNull(),
    turnover: col.sen('turnover'),
    rate_bp: integer('rate_bp'),
    amount: col.money('amount').notNull(),
    jurnal_id: integer('jurnal_id').references(() => jurnal.id),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
  },
  (t) => [uniqueIndex('pph_badan_masa_idx').on(t.profile_id, t.masa)],
);
