import { sql } from 'drizzle-orm';
import { pgTable, integer, text, varchar, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { profile } from './core.js';
import * as col from './columns.js';
import { item } from './paket.js';
import { stockBatch, warehouse } from './inventory.js';
import { rmEntry, rmPrescription } from './medical-records.js';
import { visit } from './service.js';

/**
 * Stock flows of issue 13 besides purchasing (docs/decisions.md "Inventory flows"): transfers in two steps, stock
 * counts and pharmacy dispensing. Stock itself moves only through the ledger (stock_movement, via the inventory
 * module's issueStock / receiveStock); these tables are the source documents the ledger rows point at.
 */

/**
 * A transfer (mutasi) from a warehouse of the sending branch (profile_id) to a warehouse of the same or another
 * branch (to_profile_id). status: 1 in transit (sent), 2 received in full, 3 received with a difference.
 * Values in sen at the sending branch's moving average.
 */
export const stockTransfer = pgTable(
  'stock_transfer',
  {
    ...col.branchKeys(),
    to_profile_id: col.branch('to_profile_id'),
    code: col.docCode(),
    from_warehouse_id: col.ref('from_warehouse_id', () => warehouse.id),
    to_warehouse_id: col.ref('to_warehouse_id', () => warehouse.id),
    sent_at: col.day('sent_at').notNull(),
    received_at: col.day('received_at'),
    status: col.activeStatus(),
    note: text('note'),
    receive_note: text('receive_note'),
    value: col.sen('value'),
    received_value: col.money('received_value'),
    difference_value: col.money('difference_value'),
    send_jurnal_code: varchar('send_jurnal_code', { length: 40 }),
    receive_jurnal_code: varchar('receive_jurnal_code', { length: 40 }),
    /** Inter-branch: the sending branch's journal at receipt (clears its in-transit account). */
    settle_jurnal_code: varchar('settle_jurnal_code', { length: 40 }),
    idempotency_key: col.idempotencyKey(),
    created_by: col.userRef('created_by'),
    received_by: col.userRef('received_by'),
    created_at: col.createdAt(),
    updated_at: col.updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_transfer_code_idx').on(t.profile_id, t.code),
    uniqueIndex('stock_transfer_idem_idx').on(t.profile_id, t.idempotency_key),
    index('stock_transfer_profile_date_idx').on(t.profile_id, t.sent_at),
    index('stock_transfer_to_profile_idx').on(t.to_profile_id, t.status),
    check('stock_transfer_status_check', sql`${t.status} in (1, 2, 3)`),
    check(
      'stock_transfer_received_check',
      sql`(${t.status} = 1) = (${t.received_at} is null and ${t.received_by} is null and ${t.received_value} is null)`,
    ),
  ],
);

/** A line of a transfer: item and batch as sent; to_item/to_batch are the receiving branch's, set at receipt. */
export const stockTransferItem = pgTable(
  'stock_transfer_item',
  {
    ...col.branchKeys(),
    transfer_id: col.ref('transfer_id', () => stockTransfer.id),
    item_id: col.ref('item_id', () => item.id),
    batch_id: integer('batch_id').references(() => stockBatch.id),
    quantity: integer('quantity').notNull(),
    value: col.sen('value'),
    to_item_id: integer('to_item_id').references(() => item.id),
    to_batch_id: integer('to_batch_id').references(() => stockBatch.id),
    received: integer('received'),
  },
  (t) => [
    index('stock_transfer_item_transfer_idx').on(t.transfer_id),
    check('stock_transfer_item_quantity_check', sql`${t.quantity} > 0 and ${t.value} >= 0`),
    check(
      'stock_transfer_item_received_check',
      sql`${t.received} is null or (${t.received} >= 0 and ${t.received} <= ${t.quantity})`,
    ),
  ],
);

/** A stock count (stok opname) of a warehouse. status: 1 waiting for approval, 2 posted, 0 rejected. */
export const stockCount = pgTable(
  'stock_count',
  {
    ...col.branchKeys(),
    code: col.docCode(),
    warehouse_id: col.ref('warehouse_id', () => warehouse.id),
    counted_at: col.day('counted_at').notNull(),
    reason: text('reason').notNull(),
    status: col.activeStatus(),
    /** Value of the differences (sen, positive): shortages and surpluses. */
    loss: col.sen('loss'),
    gain: col.sen('gain'),
    jurnal_code: varchar('jurnal_code', { length: 100 }),
    applog_id: integer('applog_id'),
    ...col.written(),
    updated_at: col.updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_count_code_idx').on(t.profile_id, t.code),
    uniqueIndex('stock_count_idem_idx').on(t.profile_id, t.idempotency_key),
    index('stock_count_profile_date_idx').on(t.profile_id, t.counted_at),
    check('stock_count_status_check', sql`${t.status} in (0, 1, 2)`),
    check('stock_count_value_check', sql`${t.loss} >= 0 and ${t.gain} >= 0`),
  ],
);

export const stockCountItem = pgTable(
  'stock_count_item',
  {
    ...col.branchKeys(),
    count_id: col.ref('count_id', () => stockCount.id),
    item_id: col.ref('item_id', () => item.id),
    batch_id: integer('batch_id').references(() => stockBatch.id),
    system: integer('system').notNull(),
    counted: integer('counted').notNull(),
    /** Signed value of the difference, sen (estimate at count time; the posted value once posted). */
    value: col.sen('value'),
  },
  (t) => [
    index('stock_count_item_count_idx').on(t.count_id),
    check('stock_count_item_qty_check', sql`${t.system} >= 0 and ${t.counted} >= 0`),
  ],
);

/** Inventory settings of a branch: stock counts worth more than the threshold (sen) wait for approval. */
export const inventorySetting = pgTable(
  'inventory_setting',
  {
    profile_id: integer('profile_id')
      .primaryKey()
      .references(() => profile.id),
    adjustment_approval_threshold: col.money('adjustment_approval_threshold').notNull(),
    updated_at: col.updatedAt(),
  },
  (t) => [check('inventory_setting_threshold_check', sql`${t.adjustment_approval_threshold} >= 0`)],
);

/** A dispensing (penyerahan) of a prescription by the pharmacy: append-only. */
export const dispensing = pgTable(
  'dispensing',
  {
    ...col.branchKeys(),
    code: col.docCode(),
    prescription_id: col.ref('prescription_id', () => rmPrescription.id),
    visit_id: col.ref('visit_id', () => visit.id),
    warehouse_id: col.ref('warehouse_id', () => warehouse.id),
    dispensed_at: col.day('dispensed_at').notNull(),
    note: text('note'),
    jurnal_code: varchar('jurnal_code', { length: 40 }),
    ...col.written(),
  },
  (t) => [
    uniqueIndex('dispensing_code_idx').on(t.profile_id, t.code),
    uniqueIndex('dispensing_idem_idx').on(t.profile_id, t.idempotency_key),
    index('dispensing_prescription_idx').on(t.prescription_id),
    index('dispensing_visit_idx').on(t.visit_id),
  ],
);

/**
 * A line handed over: the item given (item_id) for a prescription line (resep_entry_id, the rm_entry of kind
 * 'resep') of the prescribed item (prescribed_item_id); a different item is a substitution and needs a reason.
 * price: selling price per unit (sen) the cashier bills; cost: value of the stock that left (sen).
 */
export const dispensingItem = pgTable(
  'dispensing_item',
  {
    ...col.branchKeys(),
    dispensing_id: col.ref('dispensing_id', () => dispensing.id),
    prescription_id: col.ref('prescription_id', () => rmPrescription.id),
    resep_entry_id: col.ref('resep_entry_id', () => rmEntry.id),
    prescribed_item_id: col.ref('prescribed_item_id', () => item.id),
    item_id: col.ref('item_id', () => item.id),
    reason: text('reason'),
    /** Why the item was handed over although it matches a recorded allergy (who/when: the dispensing's). */
    allergy_override: text('allergy_override'),
    batch_id: integer('batch_id').references(() => stockBatch.id),
    quantity: integer('quantity').notNull(),
    price: col.money('price').notNull(),
    cost: col.money('cost').notNull(),
  },
  (t) => [
    index('dispensing_item_dispensing_idx').on(t.dispensing_id),
    index('dispensing_item_entry_idx').on(t.resep_entry_id),
    check('dispensing_item_quantity_check', sql`${t.quantity} > 0 and ${t.price} >= 0 and ${t.cost} >= 0`),
    check(
      'dispensing_item_substitution_check',
      sql`${t.item_id} = ${t.prescribed_item_id} or length(trim(coalesce(${t.reason}, ''))) > 0`,
    ),
  ],
);
