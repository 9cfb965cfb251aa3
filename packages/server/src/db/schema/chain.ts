import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import * as col from './columns.js';

/**
 * Issue 30 item 2: the masters the chain owns. One row is one thing of the chain (a treatment, an item, an item
 * category, a supplier), named by its `key` (the upper-cased code; a category's lower-cased name). Each branch keeps
 * its own row of the thing (perawatan, item, item_category, vendor: stock, bills and history keep their FKs), which
 * points here through its `chain_id`; the head office's change writes this row and every linked branch row in one
 * transaction (docs/decisions.md, "Masters owned by the chain"). `fields` holds the chain's values in the API's
 * terms (money in sen; an item's category as the chain category's id). Never deleted: status 0 deactivates.
 */
export const chainMaster = pgTable(
  'chain_master',
  {
    id: col.serialId(),
    kind: varchar('kind', { length: 30 }).notNull(),
    key: varchar('key', { length: 150 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    fields: jsonb('fields').notNull().default({}),
    status: col.activeStatus(),
    created_by: col.userRef('created_by'),
    updated_by: col.userRef('updated_by'),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('chain_master_kind_key_idx').on(t.kind, t.key),
    check(
      'chain_master_kind_check',
      sql`${t.kind} in ('treatment', 'item', 'item_category', 'item_supplier', 'promo', 'promosi', 'foto-label')`,
    ),
    check('chain_master_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/** The link column of a branch row to its chain record (NULL: the branch's own thing). */
export const chainRef = () => integer('chain_id').references(() => chainMaster.id);
