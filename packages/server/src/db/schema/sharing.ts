import { sql } from 'drizzle-orm';
import { pgTable, integer, bigint, varchar, text, index, check, jsonb, uniqueIndex } from 'drizzle-orm/pg-core';
import * as col from './columns.js';
import { profile } from './core.js';
import { kasirPayment } from './kasir.js';
import { approvedPosting } from './finance.js';
import { perawatan } from './paket.js';
import { visit } from './service.js';

/**
 * Doctor fee sharing (issue 29 items 1 and 2), owned by modules/sharing. A rule gives a doctor (NULL: every doctor)
 * a share of a treatment (NULL: every treatment) in a branch (NULL: every branch) between two dates; two rules of
 * the same doctor, treatment and branch whose dates overlap are refused by the trigger of migration 0053 (under an
 * advisory lock, so two concurrent inserts cannot both pass). A fee line is one paid treatment line with the rule
 * and its inputs copied, so a later change of a rule never changes it. docs/decisions.md "Sharing rules".
 */

export const sharingRule = pgTable(
  'sharing_rule',
  {
    id: col.serialId(),
    /** NULL: every branch. A treatment rule is always its treatment's branch. */
    profile_id: integer('profile_id').references(() => profile.id),
    doctor_id: col.userRef('doctor_id'),
    perawatan_id: integer('perawatan_id').references(() => perawatan.id),
    /** percent | amount */
    kind: varchar('kind', { length: 10 }).notNull(),
    /** percent: basis points (10000 = 100%); amount: sen per unit of the treatment. */
    value: bigint('value', { mode: 'number' }).notNull(),
    /** list_price | after_discount | after_discount_bhp */
    basis: varchar('basis', { length: 20 }).notNull(),
    /** Sen per line; NULL: none. */
    min_fee: col.money('min_fee'),
    /** share (the fee paid to the doctor) | patient_fee (the doctor fee the patient paid: the line's basis) */
    tax_base: varchar('tax_base', { length: 12 }).notNull().default('share'),
    effective_from: col.day('effective_from').notNull(),
    effective_to: col.day('effective_to'),
    note: text('note'),
    /** The version this rule continues (a changed rule already used is closed and continued). */
    replaces_id: integer('replaces_id'),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
    updated_at: col.updatedAt(),
  },
  (t) => [
    index('sharing_rule_lookup_idx').on(t.perawatan_id, t.doctor_id),
    check('sharing_rule_kind_ck', sql`${t.kind} in ('percent', 'amount')`),
    check('sharing_rule_value_ck', sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
    check('sharing_rule_basis_ck', sql`${t.basis} in ('list_price', 'after_discount', 'after_discount_bhp')`),
    check('sharing_rule_tax_base_ck', sql`${t.tax_base} in ('share', 'patient_fee')`),
    check('sharing_rule_min_fee_ck', sql`${t.min_fee} is null or ${t.min_fee} >= 0`),
    check('sharing_rule_dates_ck', sql`${t.effective_to} is null or ${t.effective_to} >= ${t.effective_from}`),
  ],
);

export const sharingLine = pgTable(
  'sharing_line',
  {
    ...col.branchKeys(),
    doctor_id: col.userRef('doctor_id').notNull(),
    visit_id: integer('visit_id').references(() => visit.id),
    payment_id: col.ref('payment_id', () => kasirPayment.id),
    /** The payment line (kasir_payment_line.id) it shares; NULL for a clawback. */
    payment_line_id: bigint('payment_line_id', { mode: 'number' }),
    perawatan_id: integer('perawatan_id').references(() => perawatan.id),
    qty: integer('qty').notNull().default(1),
    /** The package registration whose slot covered the treatment (payable pro rata to what it received). */
    membership_id: integer('membership_id'),
    /** The rule and its inputs, copied (NULL rule: no rule applied, share 0). */
    rule_id: integer('rule_id').references(() => sharingRule.id),
    kind: varchar('kind', { length: 10 }),
    value: bigint('value', { mode: 'number' }),
    basis: varchar('basis', { length: 20 }),
    basis_amount: col.money('basis_amount').notNull(),
    min_fee: col.money('min_fee'),
    /** Sen; negative for a clawback. */
    share: col.money('share').notNull(),
    /** The part of the share booked to Hutang Dokter so far (a package line: pro rata to what the package received). */
    payable: col.money('payable').notNull(),
    tax_base_kind: varchar('tax_base_kind', { length: 12 }).notNull().default('share'),
    tax_base: col.money('tax_base').notNull(),
    /** waiting | payable | paid | clawed_back | cancelled */
    status: varchar('status', { length: 12 }).notNull(),
    /** The payout run (a later issue); NULL until a run takes the line. */
    run_id: integer('run_id'),
    /** A clawback names the line it takes back. */
    clawback_of: integer('clawback_of'),
    service_date: col.day('service_date').notNull(),
    created_at: col.createdAt(),
  },
  (t) => [
    index('sharing_line_doctor_idx').on(t.profile_id, t.doctor_id, t.service_date),
    // A payout run's lines (the run's page, its approval, a doctor's runs) and the lines a new run may claim: the
    // chain's book holds years of paid lines, these read only what they need (issue 33, the doctor-fee run).
    index('sharing_line_run_idx')
      .on(t.run_id)
      .where(sql`${t.run_id} is not null`),
    index('sharing_line_payable_idx')
      .on(t.profile_id, t.service_date)
      .where(sql`${t.status} = 'payable' and ${t.run_id} is null`),
    index('sharing_line_payment_idx').on(t.payment_id),
    index('sharing_line_membership_idx').on(t.membership_id),
    check('sharing_line_status_ck', sql`${t.status} in ('waiting', 'payable', 'paid', 'clawed_back', 'cancelled')`),
    check(
      'sharing_line_payable_ck',
      sql`(${t.share} >= 0 and ${t.payable} between 0 and ${t.share}) or (${t.share} < 0 and ${t.payable} = ${t.share})`,
    ),
  ],
);

/**
 * The part of package-covered fee lines that became payable with an instalment (its payment): what the release
 * journal (source 'sharing_release', the payment's id) booked per line, taken back when that payment is voided.
 */
export const sharingRelease = pgTable(
  'sharing_release',
  {
    id: col.serialId(),
    line_id: col.ref('line_id', () => sharingLine.id),
    payment_id: col.ref('payment_id', () => kasirPayment.id),
    amount: col.money('amount').notNull(),
    /** active | reversed */
    status: varchar('status', { length: 10 }).notNull().default('active'),
    created_at: col.createdAt(),
  },
  (t) => [
    index('sharing_release_payment_idx').on(t.payment_id),
    index('sharing_release_line_idx').on(t.line_id),
    check('sharing_release_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * A doctor payout run (issue 29 item 3): a branch's payable fee lines up to a cut-off, per doctor, with PPh 21 per
 * PMK 168/2023 on each doctor's summed tax base. One open run per branch and month (partial unique index); the
 * lines name their run (sharing_line.run_id) from the run's computation; approval (engine action
 * 'sharing.approve_run') stores the per-doctor figures in `doctors` and marks the lines paid.
 */
export const sharingRun = pgTable(
  'sharing_run',
  {
    ...col.branchKeys(),
    /** 'YYYY-MM' */
    period: varchar('period', { length: 7 }).notNull(),
    cutoff: col.day('cutoff').notNull(),
    /** open | approved */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    /** The per-doctor figures frozen at approval (DTO shape, rupiah); NULL while open. */
    doctors: jsonb('doctors'),
    ...approvedPosting(),
  },
  (t) => [
    uniqueIndex('sharing_run_open_uq')
      .on(t.profile_id, t.period)
      .where(sql`${t.status} = 'open'`),
    check('sharing_run_status_ck', sql`${t.status} in ('open', 'approved')`),
    check('sharing_run_period_ck', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** A fee line taken out of a run before approval, with the reason (the line waits for a later run). */
export const sharingRunExclusion = pgTable(
  'sharing_run_exclusion',
  {
    id: col.serialId(),
    run_id: col.ref('run_id', () => sharingRun.id),
    line_id: col.ref('line_id', () => sharingLine.id),
    reason: text('reason').notNull(),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
  },
  (t) => [uniqueIndex('sharing_run_exclusion_uq').on(t.run_id, t.line_id)],
);
