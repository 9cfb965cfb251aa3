import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import * as col from './columns.js';
import { approvedPosting } from './finance.js';
import { perawatan } from './paket.js';

/**
 * Investors, hospitals, laboratories and partners of a branch, their deviden settings and the monthly distribution
 * runs (issue 29 part B), owned by the investors module. Never deleted: deactivate (status 0). Money in sen.
 */

export const investor = pgTable(
  'investor',
  {
    ...col.branchKeys(),
    /** investor | rumahsakit | laboratorium | partner */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** individual | company (Indonesian) | foreign */
    party_type: varchar('party_type', { length: 20 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    nik: varchar('nik', { length: 16 }),
    npwp: varchar('npwp', { length: 16 }),
    country: varchar('country', { length: 60 }),
    address: varchar('address', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    bank_name: varchar('bank_name', { length: 60 }),
    bank_account: varchar('bank_account', { length: 40 }),
    bank_holder: varchar('bank_holder', { length: 150 }),
    /** dividend | interest | equipment_rent | partnership */
    tax_treatment: varchar('tax_treatment', { length: 20 }).notNull(),
    /** The investor's own account (role investor), who may read their distributions. */
    user_id: col.userRef('user_id'),
    status: col.activeStatus(),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
    updated_at: col.updatedAt(),
  },
  (t) => [
    index('investor_profile_name_idx').on(t.profile_id, t.name),
    index('investor_user_idx').on(t.user_id),
    check('investor_kind_chk', sql`${t.kind} in ('investor','rumahsakit','laboratorium','partner')`),
    check('investor_party_type_chk', sql`${t.party_type} in ('individual','company','foreign')`),
    check(
      'investor_tax_treatment_chk',
      sql`${t.tax_treatment} in ('dividend','interest','equipment_rent','partnership')`,
    ),
    check('investor_nik_chk', sql`${t.nik} is null or ${t.nik} ~ '^[0-9]{16}$'`),
    check('investor_npwp_chk', sql`${t.npwp} is null or ${t.npwp} ~ '^[0-9]{15,16}$'`),
  ],
);

/**
 * An investor's share in a branch from a date: a percentage of the branch's profit or revenue of each period, or an
 * amount or percentage per procedure performed. Two settings of one investor for the same target (the branch, or one
 * procedure) may not be in force on the same day (trigger in the migration). Never edited once used: end it
 * (effective_to) and add a new one.
 */
export const devidenSetting = pgTable(
  'deviden_setting',
  {
    ...col.branchKeys(),
    investor_id: col.ref('investor_id', () => investor.id),
    /** profit | revenue | procedure */
    basis: varchar('basis', { length: 20 }).notNull(),
    perawatan_id: integer('perawatan_id').references(() => perawatan.id),
    /** Percentage in basis points (profit, revenue, or of a procedure's net price). */
    percent_bp: integer('percent_bp'),
    /** Amount per procedure performed, sen. */
    amount: col.money('amount'),
    effective_from: col.day('effective_from').notNull(),
    effective_to: col.day('effective_to'),
    note: varchar('note', { length: 255 }),
    status: col.activeStatus(),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
  },
  (t) => [
    index('deviden_setting_investor_idx').on(t.investor_id, t.effective_from),
    index('deviden_setting_profile_idx').on(t.profile_id, t.effective_from),
    check('deviden_setting_basis_chk', sql`${t.basis} in ('profit','revenue','procedure')`),
    check(
      'deviden_setting_shape_chk',
      sql`(${t.basis} = 'procedure' and ${t.perawatan_id} is not null and (${t.percent_bp} is null) <> (${t.amount} is null))
        or (${t.basis} <> 'procedure' and ${t.perawatan_id} is null and ${t.percent_bp} is not null and ${t.amount} is null)`,
    ),
    check('deviden_setting_percent_chk', sql`${t.percent_bp} is null or ${t.percent_bp} between 0 and 10000`),
    check('deviden_setting_amount_chk', sql`${t.amount} is null or ${t.amount} >= 0`),
    check('deviden_setting_dates_chk', sql`${t.effective_to} is null or ${t.effective_to} >= ${t.effective_from}`),
  ],
);

/** A distribution run of a branch for a month: one per branch and period (unique). */
export const devidenRun = pgTable(
  'deviden_run',
  {
    ...col.branchKeys(),
    /** 'YYYY-MM' */
    period: varchar('period', { length: 7 }).notNull(),
    /** pending (waiting for approval) | approved */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    revenue: col.sen('revenue'),
    profit: col.sen('profit'),
    ...approvedPosting(),
  },
  (t) => [
    uniqueIndex('deviden_run_profile_period_uq').on(t.profile_id, t.period),
    check('deviden_run_status_chk', sql`${t.status} in ('pending','approved')`),
    check('deviden_run_period_chk', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** One setting's share in a run: the figures behind it are copied here (a later edit changes no history). */
export const devidenRunLine = pgTable(
  'deviden_run_line',
  {
    id: col.serialId(),
    run_id: col.ref('run_id', () => devidenRun.id),
    profile_id: col.branch(),
    period: varchar('period', { length: 7 }).notNull(),
    setting_id: col.ref('setting_id', () => devidenSetting.id),
    investor_id: col.ref('investor_id', () => investor.id),
    basis: varchar('basis', { length: 20 }).notNull(),
    perawatan_id: integer('perawatan_id').references(() => perawatan.id),
    /** Procedures performed (procedure basis). */
    qty: integer('qty').notNull().default(0),
    /** What the share is taken of: profit, revenue, or the procedures' net price (sen). */
    basis_amount: col.sen('basis_amount'),
    percent_bp: integer('percent_bp'),
    unit_amount: col.money('unit_amount'),
    gross: col.sen('gross'),
    /** pph23 | pph26 | null */
    tax_kind: varchar('tax_kind', { length: 10 }),
    tax_rate_bp: integer('tax_rate_bp').notNull().default(0),
    tax: col.sen('tax'),
    net: col.sen('net'),
    /** What the investor row said when the run was made (name, party type, treatment, NIK/NPWP). */
    investor_snapshot: jsonb('investor_snapshot').notNull(),
  },
  (t) => [
    uniqueIndex('deviden_run_line_setting_period_uq').on(t.setting_id, t.period),
    index('deviden_run_line_run_idx').on(t.run_id),
    index('deviden_run_line_investor_idx').on(t.investor_id, t.period),
    check('deviden_run_line_money_chk', sql`${t.gross} >= 0 and ${t.tax} >= 0 and ${t.net} = ${t.gross} - ${t.tax}`),
  ],
);
