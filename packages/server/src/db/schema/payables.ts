import { sql } from 'drizzle-orm';
import { pgTable, integer, bigint, varchar, text, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { applog } from './staff.js';
import * as col from './columns.js';
import { akun, jurnal, jurnalDetail, paymentMethod } from './finance.js';

/**
 * The payables sub-ledger (issue 28 items 1 and 2), owned by the finance module (modules/finance/payables). Every
 * amount the clinic owes is one `hutang_item`, made by the posting service from a CREDIT line to a control account
 * (akun.payable_party set: 2101-2105, 2201-2205 in the default chart) in the same transaction as its journal; a debit
 * note (e.g. a purchase return) is a negative item. Payments (`hutang_payment`, kind 'payment' or 'tax_deposit')
 * allocate to items (`hutang_allocation`); `paid` is kept by the payment service and checked here.
 * docs/decisions.md "Payables".
 */

export const hutangItem = pgTable(
  'hutang_item',
  {
    ...col.branchKeys(),
    /** vendor | laboratorium | rumahsakit | doctor | investor | pegawai | pajak */
    party_type: varchar('party_type', { length: 20 }).notNull(),
    /** The party's row (vendor.id, users.id of a doctor/employee, ...) when it has one; no FK (several tables). */
    party_id: integer('party_id'),
    party_name: varchar('party_name', { length: 200 }).notNull(),
    /** Party 'pajak': pph_pegawai | pph_doctor | pph_investor | pph_badan | pph23 | bpjs | ppn. */
    tax: varchar('tax', { length: 20 }),
    /** Tax month 'YYYY-MM' of a tax item. */
    masa: varchar('masa', { length: 7 }),
    /** Whose tax it is (the employee, doctor, laboratory withheld from): id, name, NIK/NPWP. */
    recipient_id: integer('recipient_id'),
    recipient_name: varchar('recipient_name', { length: 200 }),
    recipient_tax_id: varchar('recipient_tax_id', { length: 30 }),
    source_type: varchar('source_type', { length: 40 }).notNull(),
    source_id: varchar('source_id', { length: 60 }).notNull(),
    jurnal_id: col.ref('jurnal_id', () => jurnal.id),
    jurnal_detail_id: bigint('jurnal_detail_id', { mode: 'number' })
      .notNull()
      .references(() => jurnalDetail.id),
    akun_id: col.ref('akun_id', () => akun.id),
    doc_date: col.day('doc_date').notNull(),
    due_date: col.day('due_date'),
    /** Sen; negative for a debit note (what the party owes back). */
    amount: col.money('amount').notNull(),
    paid: col.sen('paid'),
    /** open | paid | cancelled */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    /** The journal whose reversal cancelled the item. */
    cancel_jurnal_id: integer('cancel_jurnal_id').references(() => jurnal.id),
    created_at: col.createdAt(),
  },
  (t) => [
    uniqueIndex('hutang_item_detail_idx').on(t.jurnal_detail_id),
    index('hutang_item_party_idx').on(t.profile_id, t.party_type, t.party_id, t.status),
    index('hutang_item_jurnal_idx').on(t.jurnal_id),
    index('hutang_item_tax_idx').on(t.profile_id, t.tax, t.masa),
    check('hutang_item_amount_ck', sql`${t.amount} <> 0`),
    check(
      'hutang_item_paid_ck',
      sql`(${t.amount} > 0 and ${t.paid} between 0 and ${t.amount}) or (${t.amount} < 0 and ${t.paid} between ${t.amount} and 0)`,
    ),
    check(
      'hutang_item_status_ck',
      sql`(${t.status} = 'open' and ${t.paid} <> ${t.amount}) or (${t.status} = 'paid' and ${t.paid} = ${t.amount}) or (${t.status} = 'cancelled' and ${t.paid} = 0)`,
    ),
    check(
      'hutang_item_party_ck',
      sql`${t.party_type} in ('vendor','laboratorium','rumahsakit','doctor','investor','pegawai','pajak')`,
    ),
    check(
      'hutang_item_tax_ck',
      sql`(${t.party_type} = 'pajak') = (${t.tax} is not null) and (${t.tax} is null or ${t.tax} in ('pph_pegawai','pph_doctor','pph_investor','pph_badan','pph23','bpjs','ppn'))`,
    ),
  ],
);

/** A payment to one party (kind 'payment') or a tax deposit (kind 'tax_deposit', party 'pajak'). */
export const hutangPayment = pgTable(
  'hutang_payment',
  {
    ...col.branchKeys(),
    code: col.docCode(),
    /** payment | tax_deposit */
    kind: varchar('kind', { length: 12 }).notNull().default('payment'),
    party_type: varchar('party_type', { length: 20 }).notNull(),
    party_id: integer('party_id'),
    party_name: varchar('party_name', { length: 200 }).notNull(),
    payment_method_id: col.ref('payment_method_id', () => paymentMethod.id),
    date: col.day('date').notNull(),
    /** Sum of the allocations (what the items are reduced by), sen. */
    total: col.money('total').notNull(),
    /** Withheld (new tax items), sen; cash out = total - withheld. */
    withheld: col.sen('withheld'),
    memo: text('memo'),
    jurnal_id: integer('jurnal_id').references(() => jurnal.id),
    /** posted | voided */
    status: varchar('status', { length: 10 }).notNull().default('posted'),
    void_jurnal_id: integer('void_jurnal_id').references(() => jurnal.id),
    void_applog_id: integer('void_applog_id').references(() => applog.id),
    void_reason: text('void_reason'),
    idempotency_key: col.idempotencyKey().notNull(),
    created_by: col.userRef('created_by'),
    /** Tax deposits: which tax and masa, the billing code and the NTPN of the deposit. */
    tax: varchar('tax', { length: 20 }),
    masa: varchar('masa', { length: 7 }),
    billing_code: varchar('billing_code', { length: 30 }),
    ntpn: varchar('ntpn', { length: 30 }),
    created_at: col.createdAt(),
  },
  (t) => [
    uniqueIndex('hutang_payment_code_idx').on(t.profile_id, t.code),
    uniqueIndex('hutang_payment_idem_idx').on(t.profile_id, t.idempotency_key),
    index('hutang_payment_party_idx').on(t.profile_id, t.party_type, t.party_id),
    check('hutang_payment_kind_ck', sql`${t.kind} in ('payment','tax_deposit')`),
    check('hutang_payment_status_ck', sql`${t.status} in ('posted','voided')`),
    check('hutang_payment_total_ck', sql`${t.total} > 0 and ${t.withheld} between 0 and ${t.total}`),
  ],
);

/** What a payment paid of an item (negative for a debit note set off against it). */
export const hutangAllocation = pgTable(
  'hutang_allocation',
  {
    ...col.branchKeys(),
    payment_id: col.ref('payment_id', () => hutangPayment.id),
    item_id: col.ref('item_id', () => hutangItem.id),
    amount: col.money('amount').notNull(),
  },
  (t) => [
    uniqueIndex('hutang_allocation_item_idx').on(t.payment_id, t.item_id),
    index('hutang_allocation_item_only_idx').on(t.item_id),
    check('hutang_allocation_amount_ck', sql`${t.amount} <> 0`),
  ],
);

export type HutangItemRow = typeof hutangItem.$inferSelect;
export type HutangPaymentRow = typeof hutangPayment.$inferSelect;
