import { sql } from 'drizzle-orm';
import { pgTable, integer, smallint, text, varchar, boolean, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './core.js';
import { season } from './season.js';
import { chainRef } from './chain.js';
import { investor } from './investors.js';
import * as col from './columns.js';

/**
 * Paket promosi and membership (issue 5). Every table is branch-owned (profile_id): each branch keeps its own
 * price list of procedures, items, lab forms and packages (docs/decisions.md, "Paket"). Money in sen.
 */

/** Medical procedures (tindakan medis / perawatan). */
export const perawatan = pgTable(
  'perawatan',
  {
    ...col.branchKeys(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    price: col.sen('price'),
    doctor_share: col.sen('doctor_share'),
    status: col.activeStatus(),
    /** The chain's record of this treatment (issue 30 item 2); NULL: the branch's own. */
    chain_id: chainRef(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('perawatan_profile_code_idx').on(t.profile_id, t.code),
    uniqueIndex('perawatan_profile_chain_idx').on(t.profile_id, t.chain_id),
    index('perawatan_profile_name_idx').on(t.profile_id, sql`lower(${t.name})`),
  ],
);

/** Item categories (issue 13), per branch like the items they group. */
export const itemCategory = pgTable(
  'item_category',
  {
    ...col.branchKeys(),
    name: varchar('name', { length: 80 }).notNull(),
    description: text('description'),
    status: col.activeStatus(),
    /** The chain's record of this category (issue 30 item 2); NULL: the branch's own. */
    chain_id: chainRef(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('item_category_profile_name_idx').on(t.profile_id, sql`lower(${t.name})`),
    uniqueIndex('item_category_profile_chain_idx').on(t.profile_id, t.chain_id),
  ],
);

/**
 * Inventory items (master item). `unit` is the selling (stock) unit; a purchase is made in `purchase_unit`, one of
 * which holds `conversion` selling units. Stock quantities are whole selling units (issue 13).
 */
export const item = pgTable(
  'item',
  {
    ...col.branchKeys(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    unit: varchar('unit', { length: 30 }).notNull(),
    category_id: integer('category_id').references(() => itemCategory.id),
    purchase_unit: varchar('purchase_unit', { length: 30 }),
    conversion: integer('conversion').notNull().default(1),
    min_stock: integer('min_stock').notNull().default(0),
    /** Batches and expiry dates tracked (drugs, cosmetics). */
    track_batch: col.flag('track_batch'),
    /** Kamus Farmasi dan Alat Kesehatan code for SATUSEHAT. */
    kfa_code: varchar('kfa_code', { length: 30 }),
    /** Active ingredient(s) (zat aktif, generic name; several separated by commas), matched against allergies. */
    generic_name: varchar('generic_name', { length: 200 }),
    /** Price of one purchase unit at the last receipt, sen. The moving average cost lives in stock_valuation. */
    last_purchase_price: col.sen('last_purchase_price'),
    selling_price: col.sen('selling_price'),
    status: col.activeStatus(),
    /** The chain's record of this item (issue 30 item 2); NULL: the branch's own. `min_stock` stays the branch's. */
    chain_id: chainRef(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('item_profile_code_idx').on(t.profile_id, t.code),
    uniqueIndex('item_profile_chain_idx').on(t.profile_id, t.chain_id),
    index('item_profile_name_idx').on(t.profile_id, sql`lower(${t.name})`),
  ],
);

/** Laboratory forms. */
export const formLab = pgTable(
  'form_lab',
  {
    ...col.branchKeys(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    price: col.sen('price'),
    /**
     * A form examined outside the clinic (issue 28 item 6): the laboratory or hospital it is sent to (a party of the
     * payables known by name) and what it charges per form (sen); a paid bill owes it (Dr 5103 / Cr 2105).
     */
    partner_type: varchar('partner_type', { length: 20 }),
    partner_name: varchar('partner_name', { length: 150 }),
    partner_cost: col.sen('partner_cost'),
    /**
     * The laboratory or hospital of the outside-party master (an `investor` row of kind 'laboratorium' or
     * 'rumahsakit', issue 29 part B): the payable names this party; type and name above are its copy at saving.
     * Null on a form kept in-house, or on a name-only partner saved before the master (0062).
     */
    partner_id: integer('partner_id').references(() => investor.id),
    status: col.activeStatus(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('form_lab_profile_code_idx').on(t.profile_id, t.code),
    index('form_lab_profile_name_idx').on(t.profile_id, sql`lower(${t.name})`),
    check(
      'form_lab_partner_chk',
      sql`(${t.partner_type} is null and ${t.partner_name} is null and ${t.partner_cost} = 0)
        or (${t.partner_type} in ('laboratorium', 'rumahsakit') and length(trim(coalesce(${t.partner_name}, ''))) > 0 and ${t.partner_cost} >= 0)`,
    ),
    check('form_lab_partner_id_chk', sql`${t.partner_id} is null or ${t.partner_type} is not null`),
  ],
);

export const paketType = pgTable(
  'paket_type',
  {
    ...col.branchKeys(),
    name: varchar('name', { length: 100 }).notNull(),
    type: smallint('type').notNull().default(1),
    start_at: col.day('start_at').notNull(),
    end_at: col.day('end_at'),
    status: col.activeStatus(),
    /** The promo season ('Musim Promo') the type belongs to, if any (issue 30). */
    season_id: integer('season_id').references(() => season.id),
    /** The chain's package type this row is the branch's copy of (issue 30 item 2, Backoffice 'Promo'). */
    chain_id: chainRef(),
    ...col.timestamps,
  },
  (t) => [
    index('paket_type_profile_idx').on(t.profile_id),
    uniqueIndex('paket_type_profile_chain_idx').on(t.profile_id, t.chain_id),
  ],
);

/** A package's identity; what it offers lives in its history versions. */
export const paket = pgTable(
  'paket',
  {
    ...col.branchKeys(),
    code: varchar('code', { length: 30 }).notNull(),
    /** The chain's package this is the branch's copy of (issue 30 item 2, Backoffice 'Paket Promosi'). */
    chain_id: chainRef(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('paket_profile_code_idx').on(t.profile_id, t.code),
    uniqueIndex('paket_profile_chain_idx').on(t.profile_id, t.chain_id),
  ],
);

/** Every change of a package is a new row here; exactly one row per package is current. */
export const paketHistory = pgTable(
  'paket_history',
  {
    ...col.branchKeys(),
    paket_id: col.ref('paket_id', () => paket.id),
    version: integer('version').notNull(),
    is_current: boolean('is_current').notNull().default(true),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    paket_type_id: col.ref('paket_type_id', () => paketType.id),
    active_at: col.day('active_at').notNull(),
    price: col.sen('price'),
    description: text('description'),
    status: col.activeStatus(),
    installment_schema: smallint('installment_schema').notNull().default(0),
    dp_amount: col.sen('dp_amount'),
    cicilan_amount: col.sen('cicilan_amount'),
    cicilan_attempt: integer('cicilan_attempt').notNull().default(0),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
  },
  (t) => [
    uniqueIndex('paket_history_version_idx').on(t.paket_id, t.version),
    uniqueIndex('paket_history_current_idx')
      .on(t.paket_id)
      .where(sql`${t.is_current}`),
    index('paket_history_profile_idx').on(t.profile_id, t.is_current, t.status),
  ],
);

/** What a package version contains: type 1 procedure, 2 item, 3 lab form. */
export const paketHistoryItem = pgTable(
  'paket_history_item',
  {
    id: col.serialId(),
    paket_history_id: col.ref('paket_history_id', () => paketHistory.id),
    type: smallint('type').notNull(),
    perawatan_id: integer('perawatan_id').references(() => perawatan.id),
    item_id: integer('item_id').references(() => item.id),
    form_lab_id: integer('form_lab_id').references(() => formLab.id),
    free_slot: integer('free_slot').notNull(),
    /** Days the slots stay usable after registration. */
    expired_duration: integer('expired_duration').notNull(),
  },
  (t) => [index('paket_history_item_history_idx').on(t.paket_history_id)],
);

/** A sold package (registration): always points at the version it was sold at. */
export const paketMembership = pgTable(
  'paket_membership',
  {
    ...col.branchKeys(),
    code: col.docCode(),
    customer_id: col.ref('customer_id', () => users.id),
    doctor_id: col.ref('doctor_id', () => users.id),
    paket_history_id: col.ref('paket_history_id', () => paketHistory.id),
    registered_at: col.day('registered_at').notNull(),
    status: col.activeStatus(),
    price: col.sen('price'),
    installment_schema: smallint('installment_schema').notNull().default(0),
    dp_amount: col.sen('dp_amount'),
    cicilan_amount: col.sen('cicilan_amount'),
    cicilan_attempt: integer('cicilan_attempt').notNull().default(0),
    /** Client key (Idempotency-Key header) or, without one, a key derived from the payload and a 2-minute window. */
    idempotency_key: col.idempotencyKey().notNull(),
    jurnal_id: integer('jurnal_id'),
    jurnal_code: varchar('jurnal_code', { length: 40 }),
    created_by: col.userRef('created_by'),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('paket_membership_code_idx').on(t.profile_id, t.code),
    uniqueIndex('paket_membership_idem_idx').on(t.profile_id, t.idempotency_key),
    index('paket_membership_profile_date_idx').on(t.profile_id, t.registered_at),
    index('paket_membership_customer_idx').on(t.customer_id),
  ],
);

/** Remaining slots per package item of a membership. */
export const paketMembershipSlot = pgTable(
  'paket_membership_slot',
  {
    ...col.branchKeys(),
    membership_id: col.ref('membership_id', () => paketMembership.id),
    paket_history_item_id: col.ref('paket_history_item_id', () => paketHistoryItem.id),
    type: smallint('type').notNull(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    free_slot: integer('free_slot').notNull(),
    used_slot: integer('used_slot').notNull().default(0),
    expired_at: col.day('expired_at').notNull(),
  },
  (t) => [index('paket_membership_slot_membership_idx').on(t.membership_id)],
);

/** The instalment schedule: seq 0 the down payment (or the full price), then the instalments. */
export const paketMembershipCicilan = pgTable(
  'paket_membership_cicilan',
  {
    ...col.branchKeys(),
    membership_id: col.ref('membership_id', () => paketMembership.id),
    seq: integer('seq').notNull(),
    due_date: col.day('due_date').notNull(),
    amount: col.sen('amount'),
    paid_amount: col.sen('paid_amount'),
    paid_at: col.day('paid_at'),
    /** 0 unpaid, 1 paid. */
    status: smallint('status').notNull().default(0),
  },
  (t) => [
    uniqueIndex('paket_membership_cicilan_seq_idx').on(t.membership_id, t.seq),
    index('paket_membership_cicilan_profile_due_idx').on(t.profile_id, t.status, t.due_date),
  ],
);
