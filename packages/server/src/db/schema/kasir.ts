import { sql } from 'drizzle-orm';
import { type AnyPgColumn, pgTable, integer, varchar, text, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { profile, users } from './core.js';
import { applog } from './staff.js';
import * as col from './columns.js';
import { paymentMethod } from './finance.js';
import { paketMembership, paketMembershipSlot } from './paket.js';
import { visit } from './service.js';
import { warehouse } from './inventory.js';

/**
 * Kasir (issue 14): cash sessions, payments (invoices) with their lines and tenders, and voids. Every table is
 * branch-owned (profile_id); money in sen (bigint). Nothing is ever deleted and lines/tenders never change
 * (drizzle/*_kasir_rules.sql): a void is a reversal that keeps the original and marks it.
 */

/** A cashier's till: opened with a float, closed (tutup kasir) counting each method; one open per cashier and branch. */
export const kasirSession = pgTable(
  'kasir_session',
  {
    ...col.branchKeys(),
    cashier_id: col.ref('cashier_id', () => users.id),
    open_date: col.day('open_date').notNull(),
    opened_at: col.ts('opened_at').notNull().defaultNow(),
    opening_float: col.sen('opening_float'),
    /** open | closed */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    closed_at: col.ts('closed_at'),
    closed_by: col.userRef('closed_by'),
    expected_total: col.sen('expected_total'),
    counted_total: col.sen('counted_total'),
    /** counted - expected (negative: short). */
    difference: col.sen('difference'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('kasir_session_open_idx')
      .on(t.profile_id, t.cashier_id)
      .where(sql`${t.status} = 'open'`),
    index('kasir_session_profile_date_idx').on(t.profile_id, t.open_date),
  ],
);

/** What the cashier counted per payment method at closing, against what the system expected. */
export const kasirSessionCount = pgTable(
  'kasir_session_count',
  {
    ...col.branchKeys(),
    session_id: col.ref('session_id', () => kasirSession.id),
    payment_method_id: col.ref('payment_method_id', () => paymentMethod.id),
    expected: col.sen('expected'),
    counted: col.sen('counted'),
    difference: col.sen('difference'),
  },
  (t) => [uniqueIndex('kasir_session_count_idx').on(t.session_id, t.payment_method_id)],
);

/**
 * A payment (invoice): of a visit's bill, a general sale or package instalments. `total` is the bill after
 * discounts and taxes, `paid` what the tenders cover of it (paid < total: partly, the rest a receivable),
 * `change` the cash given back. One active payment per visit (kasir_payment_visit_idx): a bill is paid once.
 */
export const kasirPayment = pgTable(
  'kasir_payment',
  {
    ...col.branchKeys(),
    code: col.docCode(),
    /** visit | sales | cicilan */
    kind: varchar('kind', { length: 10 }).notNull(),
    visit_id: integer('visit_id').references(() => visit.id),
    customer_id: col.userRef('customer_id'),
    membership_id: integer('membership_id').references(() => paketMembership.id),
    warehouse_id: integer('warehouse_id').references(() => warehouse.id),
    session_id: col.ref('session_id', () => kasirSession.id),
    cashier_id: col.ref('cashier_id', () => users.id),
    paid_date: col.day('paid_date').notNull(),
    subtotal: col.sen('subtotal'),
    discount: col.sen('discount'),
    tax: col.sen('tax'),
    total: col.sen('total'),
    paid: col.sen('paid'),
    tendered: col.sen('tendered'),
    change: col.sen('change'),
    /** paid | partly | void */
    status: varchar('status', { length: 10 }).notNull(),
    idempotency_key: col.idempotencyKey().notNull(),
    jurnal_id: integer('jurnal_id'),
    jurnal_code: varchar('jurnal_code', { length: 40 }),
    print_count: integer('print_count').notNull().default(0),
    created_at: col.createdAt(),
    /** A settlement (kind pelunasan) of a visit payment's receivable: the visit payment it settles. */
    parent_id: integer('parent_id').references((): AnyPgColumn => kasirPayment.id),
    /**
     * Of a visit payment: what its settlements that are not void paid (kept by a trigger from the settlement rows;
     * CHECK paid + settled <= total refuses over-settling).
     */
    settled: col.sen('settled'),
    /**
     * The approved kasir.discount request (applog) this payment used for a discount above the limit. Unique over
     * every payment, void ones included: an approval is used once (issue 25, finding 8).
     */
    discount_applog_id: integer('discount_applog_id').references(() => applog.id),
  },
  (t) => [
    uniqueIndex('kasir_payment_code_idx').on(t.profile_id, t.code),
    uniqueIndex('kasir_payment_discount_applog_idx').on(t.discount_applog_id),
    uniqueIndex('kasir_payment_idem_idx').on(t.profile_id, t.idempotency_key),
    uniqueIndex('kasir_payment_visit_idx')
      .on(t.visit_id)
      .where(sql`${t.visit_id} is not null and ${t.status} <> 'void'`),
    index('kasir_payment_profile_date_idx').on(t.profile_id, t.paid_date),
    // The nota list's order (newest first): a page is the index's first rows, not a sort of the branch's every
    // payment (issue 33: 64 000 rows sorted on disk per page at a million patients).
    index('kasir_payment_profile_created_idx').on(t.profile_id, t.created_at, t.id),
    index('kasir_payment_session_idx').on(t.session_id),
    index('kasir_payment_membership_idx').on(t.membership_id),
    index('kasir_payment_parent_idx').on(t.parent_id),
  ],
);

/** A line of a payment: what was billed (kind + ref), at which price, discount, tax, and the package slot used. */
export const kasirPaymentLine = pgTable(
  'kasir_payment_line',
  {
    ...col.branchKeys(),
    payment_id: col.ref('payment_id', () => kasirPayment.id),
    /** treatment | product | resep | bhp | lab | item | cicilan */
    kind: varchar('kind', { length: 10 }).notNull(),
    ref_id: integer('ref_id'),
    name: varchar('name', { length: 200 }).notNull(),
    qty: integer('qty').notNull().default(1),
    price: col.sen('price'),
    discount: col.sen('discount'),
    covered_by_paket: integer('covered_by_paket').references(() => paketMembershipSlot.id),
    tax: col.sen('tax'),
    total: col.sen('total'),
    doctor_id: col.userRef('doctor_id'),
    doctor_share: col.sen('doctor_share'),
  },
  (t) => [index('kasir_payment_line_payment_idx').on(t.payment_id)],
);

/** How a payment was paid: per method the amount applied to the bill, what was handed over and the change. */
export const kasirPaymentTender = pgTable(
  'kasir_payment_tender',
  {
    ...col.branchKeys(),
    payment_id: col.ref('payment_id', () => kasirPayment.id),
    payment_method_id: col.ref('payment_method_id', () => paymentMethod.id),
    amount: col.sen('amount'),
    tendered: col.sen('tendered'),
    change: col.sen('change'),
  },
  (t) => [index('kasir_payment_tender_payment_idx').on(t.payment_id)],
);

/** A carried-out void: the reversal of one payment (at most one), who asked, why and who approved. */
export const kasirVoid = pgTable(
  'kasir_void',
  {
    ...col.branchKeys(),
    payment_id: col.ref('payment_id', () => kasirPayment.id),
    reason: text('reason').notNull(),
    requested_by: col.userRef('requested_by'),
    approved_by: col.userRef('approved_by'),
    applog_id: integer('applog_id'),
    jurnal_id: integer('jurnal_id'),
    jurnal_code: varchar('jurnal_code', { length: 40 }),
    voided_date: col.day('voided_date').notNull(),
    /**
     * The cash session the money went back from: the payment's own session while it is open, else the open session
     * of the cashier who asked for the void (null on voids before this column: the payment's session).
     */
    refund_session_id: integer('refund_session_id').references(() => kasirSession.id),
    created_at: col.createdAt(),
  },
  (t) => [uniqueIndex('kasir_void_payment_idx').on(t.payment_id)],
);

/** Per branch: whether the clinic is a PKP (PPN on taxable items) and the discount above which approval is needed. */
export const kasirSetting = pgTable('kasir_setting', {
  profile_id: integer('profile_id')
    .primaryKey()
    .references(() => profile.id),
  is_pkp: col.flag('is_pkp'),
  /** Discount of a bill above this share of its subtotal (basis points: 1000 = 10%) needs approval. */
  discount_limit_bp: integer('discount_limit_bp').notNull().default(1000),
  updated_at: col.updatedAt(),
});
