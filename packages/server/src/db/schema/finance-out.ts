import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  smallint,
  varchar,
  text,
  date,
  bigint,
  index,
  uniqueIndex,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { applog } from './staff.js';
import { ts, createdAt, updatedAt, sen, ref, branch, userRef, idempotencyKey } from './columns.js';
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
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    akun_id: ref('akun_id', () => akun.id),
    status: smallint('status').notNull().default(1),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('expense_category_code_idx').on(t.code)],
);

/** A branch's limits (sen): proof required above proof_limit, approval by a second person above approval_limit. */
export const expenseSetting = pgTable('expense_setting', {
  profile_id: branch().primaryKey(),
  proof_limit: bigint('proof_limit', { mode: 'number' }).notNull(),
  approval_limit: bigint('approval_limit', { mode: 'number' }).notNull(),
  updated_by: userRef('updated_by'),
  updated_at: updatedAt(),
});

/** An uploaded proof (receipt photo or PDF) under uploadDir/expense/<branch>/; used by at most one expense. */
export const expenseProof = pgTable(
  'expense_proof',
  {
    id: serial('id').primaryKey(),
    profile_id: branch(),
    path: varchar('path', { length: 200 }).notNull(),
    mime: varchar('mime', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    uploaded_by: userRef('uploaded_by'),
    created_at: createdAt(),
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
    id: serial('id').primaryKey(),
    profile_id: branch(),
    code: varchar('code', { length: 40 }).notNull(),
    category_id: ref('category_id', () => expenseCategory.id),
    /** The category's account when registered (a later remap of the category changes nothing posted). */
    akun_id: ref('akun_id', () => akun.id),
    date: date('date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
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
    idempotency_key: idempotencyKey(),
    created_by: userRef('created_by'),
    approved_by: userRef('approved_by'),
    reversed_by: userRef('reversed_by'),
    created_at: createdAt(),
    posted_at: ts('posted_at'),
    reversed_at: ts('reversed_at'),
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
    profile_id: branch(),
    year: integer('year').notNull(),
    /** 'pp55' | 'pph25' */
    regime: varchar('regime', { length: 10 }).notNull(),
    /** PP 55/2022 rate in basis points (50 = 0,5%). */
    rate_bp: integer('rate_bp').notNull().default(50),
    /** PPh 25: the monthly instalment in sen. */
    instalment: bigint('instalment', { mode: 'number' }),
    note: varchar('note', { length: 255 }),
    updated_by: userRef('updated_by'),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.profile_id, t.year] })],
);

/** A calculated PPh badan masa: the turnover it was computed on and the payable it posted (once per masa). */
export const pphBadanMasa = pgTable(
  'pph_badan_masa',
  {
    id: serial('id').primaryKey(),
    profile_id: branch(),
    masa: varchar('masa', { length: 7 }).notNull(),
    regime: varchar('regime', { length: 10 }).notNull(),
    turnover: sen('turnover'),
    rate_bp: integer('rate_bp'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    jurnal_id: integer('jurnal_id').references(() => jurnal.id),
    created_by: userRef('created_by'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('pph_badan_masa_idx').on(t.profile_id, t.masa)],
);
