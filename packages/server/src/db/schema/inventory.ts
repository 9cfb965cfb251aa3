import { sql } from 'drizzle-orm';
import {
  pgTable,
  bigserial,
  integer,
  text,
  varchar,
  bigint,
  index,
  uniqueIndex,
  unique,
  check,
} from 'drizzle-orm/pg-core';
import * as col from './columns.js';
import { item } from './paket.js';
import { chainRef } from './chain.js';

/**
 * Inventory and pharmacy (issue 13). Stock is one append-only ledger (stock_movement); the on-hand quantity per
 * warehouse, item and batch (stock_balance) and the moving-average value per item (stock_valuation) are kept by
 * PostgreSQL triggers on that ledger (drizzle/*_inventory_rules.sql), whose CHECKs refuse any movement that would make
 * a quantity negative. Quantities are whole selling units of the item; money in sen.
 */

/** Suppliers (master vendor / MASTER_SUPPLIER), per branch. */
export const vendor = pgTable(
  'vendor',
  {
    ...col.branchKeys(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    contact: varchar('contact', { length: 100 }),
    phone: varchar('phone', { length: 20 }),
    address: text('address'),
    npwp: varchar('npwp', { length: 30 }),
    /** Days between receipt and payment due. */
    payment_terms: integer('payment_terms').notNull().default(0),
    status: col.activeStatus(),
    /** The chain's record of this supplier (issue 30 item 2); NULL: the branch's own. `payment_terms` stays the branch's. */
    chain_id: chainRef(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('vendor_profile_code_idx').on(t.profile_id, t.code),
    uniqueIndex('vendor_profile_chain_idx').on(t.profile_id, t.chain_id),
    index('vendor_profile_name_idx').on(t.profile_id, sql`lower(${t.name})`),
  ],
);

/**
 * Warehouses of a branch. kind: 'gudang' (main store), 'apotek' (the pharmacy: dispensing and sales take from it),
 * 'tindakan' (treatment room: consumables, BHP). At most one active apotek and one active tindakan per branch.
 */
export const warehouse = pgTable(
  'warehouse',
  {
    ...col.branchKeys(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull().default('gudang'),
    status: col.activeStatus(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('warehouse_profile_code_idx').on(t.profile_id, t.code),
    uniqueIndex('warehouse_profile_kind_idx')
      .on(t.profile_id, t.kind)
      .where(sql`${t.status} = 1 and ${t.kind} in ('apotek', 'tindakan')`),
    check('warehouse_kind_check', sql`${t.kind} in ('gudang', 'apotek', 'tindakan')`),
  ],
);

/** A batch (lot) of an item with its expiry date; one row per item and batch number. */
export const stockBatch = pgTable(
  'stock_batch',
  {
    ...col.branchKeys(),
    item_id: col.ref('item_id', () => item.id),
    batch: varchar('batch', { length: 50 }).notNull(),
    expired_at: col.day('expired_at').notNull(),
    created_at: col.createdAt(),
  },
  (t) => [
    uniqueIndex('stock_batch_item_batch_idx').on(t.item_id, t.batch),
    index('stock_batch_profile_expiry_idx').on(t.profile_id, t.expired_at),
  ],
);

export const MOVEMENT_KINDS = [
  'receipt',
  'transfer_out',
  'transfer_in',
  'sale',
  'dispense',
  'consumable',
  'adjustment',
  'return',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * The stock ledger: every movement of stock, append-only (a trigger refuses UPDATE and DELETE). quantity is signed
 * (in > 0, out < 0). value is the signed cost in sen: given for stock coming in; for stock going out, left NULL and
 * set by the trigger from the item's moving average (docs/decisions.md, "Inventory"). unit_cost is value/quantity
 * rounded, for display.
 */
export const stockMovement = pgTable(
  'stock_movement',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    profile_id: col.branch(),
    warehouse_id: col.ref('warehouse_id', () => warehouse.id),
    item_id: col.ref('item_id', () => item.id),
    batch_id: integer('batch_id').references(() => stockBatch.id),
    quantity: integer('quantity').notNull(),
    value: col.money('value'),
    unit_cost: col.money('unit_cost'),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** Business date (the branch's day) the movement counts on: the stock card and the value report use it. */
    moved_at: col.day('moved_at').notNull(),
    source_kind: varchar('source_kind', { length: 40 }).notNull(),
    source_id: integer('source_id').notNull(),
    note: text('note'),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
  },
  (t) => [
    index('stock_movement_item_idx').on(t.item_id, t.warehouse_id, t.moved_at, t.id),
    index('stock_movement_profile_date_idx').on(t.profile_id, t.moved_at),
    index('stock_movement_source_idx').on(t.source_kind, t.source_id),
    check('stock_movement_quantity_check', sql`${t.quantity} <> 0`),
    check(
      'stock_movement_kind_check',
      sql`${t.kind} in ('receipt', 'transfer_out', 'transfer_in', 'sale', 'dispense', 'consumable', 'adjustment', 'return')`,
    ),
  ],
);

/** On hand per warehouse, item and batch: written only by the ledger's trigger; never below zero. */
export const stockBalance = pgTable(
  'stock_balance',
  {
    ...col.branchKeys(),
    warehouse_id: col.ref('warehouse_id', () => warehouse.id),
    item_id: col.ref('item_id', () => item.id),
    batch_id: integer('batch_id').references(() => stockBatch.id),
    quantity: integer('quantity').notNull(),
    updated_at: col.updatedAt(),
  },
  (t) => [
    unique('stock_balance_key').on(t.warehouse_id, t.item_id, t.batch_id).nullsNotDistinct(),
    index('stock_balance_profile_item_idx').on(t.profile_id, t.item_id),
    check('stock_balance_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** Moving-average valuation per item (items belong to one branch): total quantity and total value in sen. */
export const stockValuation = pgTable(
  'stock_valuation',
  {
    item_id: integer('item_id')
      .primaryKey()
      .references(() => item.id),
    profile_id: col.branch(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    value: col.money('value').notNull(),
    updated_at: col.updatedAt(),
  },
  (t) => [
    check('stock_valuation_quantity_check', sql`${t.quantity} >= 0`),
    check('stock_valuation_value_check', sql`${t.value} >= 0 and (${t.quantity} > 0 or ${t.value} = 0)`),
  ],
);

/** Purchase orders (belanja). status: 1 ordered, 2 partly received, 3 received, 0 cancelled. */
export const purchaseOrder = pgTable(
  'purchase_order',
  {
    ...col.branchKeys(),
    code: col.docCode(),
    vendor_id: col.ref('vendor_id', () => vendor.id),
    warehouse_id: col.ref('warehouse_id', () => warehouse.id),
    ordered_at: col.day('ordered_at').notNull(),
    note: text('note'),
    total: col.sen('total'),
    status: col.activeStatus(),
    idempotency_key: col.idempotencyKey(),
    created_by: col.userRef('created_by'),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('purchase_order_code_idx').on(t.profile_id, t.code),
    uniqueIndex('purchase_order_idem_idx').on(t.profile_id, t.idempotency_key),
    index('purchase_order_profile_date_idx').on(t.profile_id, t.ordered_at),
  ],
);

/** Lines of an order: quantity and price per purchase unit of the item. */
export const purchaseOrderItem = pgTable(
  'purchase_order_item',
  {
    ...col.branchKeys(),
    purchase_id: col.ref('purchase_id', () => purchaseOrder.id),
    item_id: col.ref('item_id', () => item.id),
    quantity: integer('quantity').notNull(),
    price: col.sen('price'),
    received: integer('received').notNull().default(0),
  },
  (t) => [
    uniqueIndex('purchase_order_item_idx').on(t.purchase_id, t.item_id),
    check('purchase_order_item_quantity_check', sql`${t.quantity} > 0 and ${t.price} >= 0`),
    check('purchase_order_item_received_check', sql`${t.received} >= 0 and ${t.received} <= ${t.quantity}`),
  ],
);

/** A receipt (penerimaan) against an order: moves stock in and posts Dr Persediaan / Cr Hutang Usaha. */
export const purchaseReceipt = pgTable(
  'purchase_receipt',
  {
    ...col.branchKeys(),
    code: col.docCode(),
    purchase_id: col.ref('purchase_id', () => purchaseOrder.id),
    warehouse_id: col.ref('warehouse_id', () => warehouse.id),
    received_at: col.day('received_at').notNull(),
    total: col.sen('total'),
    note: text('note'),
    jurnal_id: integer('jurnal_id'),
    jurnal_code: varchar('jurnal_code', { length: 40 }),
    ...col.written(),
  },
  (t) => [
    uniqueIndex('purchase_receipt_code_idx').on(t.profile_id, t.code),
    uniqueIndex('purchase_receipt_idem_idx').on(t.profile_id, t.idempotency_key),
    index('purchase_receipt_purchase_idx').on(t.purchase_id),
  ],
);

/** Lines of a receipt: quantity and price per purchase unit; stock_quantity in selling units. */
export const purchaseReceiptItem = pgTable(
  'purchase_receipt_item',
  {
    ...col.branchKeys(),
    receipt_id: col.ref('receipt_id', () => purchaseReceipt.id),
    purchase_item_id: col.ref('purchase_item_id', () => purchaseOrderItem.id),
    item_id: col.ref('item_id', () => item.id),
    batch_id: integer('batch_id').references(() => stockBatch.id),
    quantity: integer('quantity').notNull(),
    price: col.sen('price'),
    stock_quantity: integer('stock_quantity').notNull(),
  },
  (t) => [
    index('purchase_receipt_item_receipt_idx').on(t.receipt_id),
    check('purchase_receipt_item_quantity_check', sql`${t.quantity} > 0 and ${t.price} >= 0`),
  ],
);
