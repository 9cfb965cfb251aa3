import { sql } from 'drizzle-orm';
import {
  pgTable,
  integer,
  smallint,
  text,
  varchar,
  bigserial,
  index,
  uniqueIndex,
  primaryKey,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { profile } from './core.js';
import { applog } from './staff.js';
import * as col from './columns.js';

/**
 * Chart of accounts: one chart for the whole chain (docs/decisions.md "Finance").
 * category: 1 aset, 2 kewajiban, 3 ekuitas, 4 pendapatan, 5 harga pokok, 6 beban operasional,
 * 7 pendapatan lain-lain, 8 beban lain-lain. normal: 'D' debit, 'K' kredit.
 * profile_id set: an extra account only that branch may post to (e.g. its own bank account).
 */
export const akun = pgTable(
  'akun',
  {
    id: col.serialId(),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    category: smallint('category').notNull(),
    isheader: col.flag('isheader'),
    parent_id: integer('parent_id').references((): AnyPgColumn => akun.id),
    normal: varchar('normal', { length: 1 }).notNull(),
    status: col.activeStatus(),
    profile_id: integer('profile_id').references(() => profile.id),
    description: text('description'),
    /**
     * Set on a control account of the payables sub-ledger (issue 28): the party type its items belong to
     * ('vendor', 'doctor', 'pajak', ...); a credit line to it makes a hutang_item and needs the party.
     */
    payable_party: varchar('payable_party', { length: 20 }),
    /** Of a 'pajak' control account: the tax its items default to (pph_pegawai, pph23, bpjs, ppn, ...). */
    payable_tax: varchar('payable_tax', { length: 20 }),
    created_at: col.createdAt(),
    updated_at: col.updatedAt(),
  },
  (t) => [uniqueIndex('akun_code_idx').on(t.code), index('akun_parent_idx').on(t.parent_id)],
);

/** Accounting period of a branch. status 0 = active (at most one per branch: partial unique index), 1 = closed. */
export const financePeriode = pgTable(
  'finance_periode',
  {
    ...col.branchKeys(),
    start_date: col.day('start_date').notNull(),
    end_date: col.day('end_date'),
    status: smallint('status').notNull().default(0),
    created_by: col.userRef('created_by'),
    closed_by: col.userRef('closed_by'),
    closed_at: col.ts('closed_at'),
    created_at: col.createdAt(),
  },
  (t) => [
    uniqueIndex('finance_periode_one_active_idx')
      .on(t.profile_id)
      .where(sql`status = 0`),
    index('finance_periode_profile_idx').on(t.profile_id, t.start_date),
  ],
);

/** Opening (kind 'awal') and closing (kind 'akhir') balances of a period per account, in sen. */
export const financePeriodeSaldo = pgTable(
  'finance_periode_saldo',
  {
    periode_id: col.ref('periode_id', () => financePeriode.id),
    kind: varchar('kind', { length: 5 }).notNull(),
    akun_id: col.ref('akun_id', () => akun.id),
    debit: col.sen('debit'),
    credit: col.sen('credit'),
  },
  (t) => [primaryKey({ columns: [t.periode_id, t.kind, t.akun_id] })],
);

/**
 * A posted journal. Immutable (triggers refuse UPDATE and DELETE); corrected by a reversing journal.
 * kind: 'umum' (general journal and documents), 'reversal', 'opening' (first period's saldo awal, dated the day
 * before the period starts), 'closing' (profit or loss moved to retained earnings when a period closes).
 */
export const jurnal = pgTable(
  'jurnal',
  {
    ...col.branchKeys(),
    periode_id: col.ref('periode_id', () => financePeriode.id),
    code: varchar('code', { length: 60 }).notNull(),
    transaction_at: col.day('transaction_at').notNull(),
    memo: text('memo').notNull().default(''),
    kind: varchar('kind', { length: 10 }).notNull().default('umum'),
    source_type: varchar('source_type', { length: 40 }),
    source_id: varchar('source_id', { length: 60 }),
    reversal_of: integer('reversal_of').references((): AnyPgColumn => jurnal.id),
    /** Sum of the debits (= sum of the credits) in sen, and the number of lines: checked against the lines at commit. */
    total: col.money('total').notNull(),
    line_count: smallint('line_count').notNull(),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
  },
  (t) => [
    uniqueIndex('jurnal_profile_code_idx').on(t.profile_id, t.code),
    uniqueIndex('jurnal_reversal_of_idx').on(t.reversal_of),
    index('jurnal_profile_date_idx').on(t.profile_id, t.transaction_at),
    index('jurnal_source_idx').on(t.source_type, t.source_id),
    index('jurnal_periode_idx').on(t.periode_id),
    // The few closing journals, which profit and loss leaves out (finance queries/balances.ts rangeSums).
    index('jurnal_closing_idx')
      .on(t.id)
      .where(sql`kind = 'closing'`),
  ],
);

/** Journal lines, in sen. profile_id and transaction_at are copied from the journal (by trigger) for fast reports. */
export const jurnalDetail = pgTable(
  'jurnal_detail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jurnal_id: col.ref('jurnal_id', () => jurnal.id),
    line_no: smallint('line_no').notNull(),
    akun_id: col.ref('akun_id', () => akun.id),
    description: text('description'),
    debit: col.sen('debit'),
    credit: col.sen('credit'),
    /** The automatic-journal key the line's account was resolved from (issue 28 item 7); null for a chosen account. */
    autopost_key: varchar('autopost_key', { length: 40 }),
    profile_id: integer('profile_id').notNull(),
    transaction_at: col.day('transaction_at').notNull(),
  },
  (t) => [
    index('jurnal_detail_jurnal_idx').on(t.jurnal_id),
    index('jurnal_detail_akun_idx').on(t.profile_id, t.akun_id, t.transaction_at),
    // "Has postings" of the chart (any branch) and the account usage checks look an account up on its own.
    index('jurnal_detail_akun_id_idx').on(t.akun_id),
    index('jurnal_detail_profile_date_idx').on(t.profile_id, t.transaction_at),
  ],
);

/** Payment methods (chain-wide), each posting to its cash or bank account. */
export const paymentMethod = pgTable('payment_method', {
  id: col.serialId(),
  name: varchar('name', { length: 100 }).notNull(),
  type: varchar('type', { length: 20 }).notNull().default('tunai'),
  akun_id: col.ref('akun_id', () => akun.id),
  status: col.activeStatus(),
  created_at: col.createdAt(),
  updated_at: col.updatedAt(),
});

/** Taxes: rate in basis points (1/100 of a percent: 1100 = 11%) and the payable account. */
export const pajak = pgTable(
  'pajak',
  {
    id: col.serialId(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    rate_bp: integer('rate_bp').notNull(),
    akun_id: col.ref('akun_id', () => akun.id),
    status: col.activeStatus(),
    created_at: col.createdAt(),
    updated_at: col.updatedAt(),
  },
  (t) => [uniqueIndex('pajak_code_idx').on(t.code)],
);

/** A run posted to the books once approved (deviden, doctor payout): its request, journal, maker and approver. */
export const approvedPosting = () => ({
  applog_id: integer('applog_id').references(() => applog.id),
  jurnal_id: integer('jurnal_id').references(() => jurnal.id),
  created_by: col.userRef('created_by'),
  approved_by: col.userRef('approved_by'),
  approved_at: col.ts('approved_at'),
  created_at: col.createdAt(),
});
