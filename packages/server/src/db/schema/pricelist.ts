import { check, index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import * as col from './columns.js';
import { sql } from 'drizzle-orm';
import { profile } from './core.js';

/**
 * Issue 30 item 3: the chain's price list. One row is one price of a treatment (`perawatan`) or an item, named by
 * its code (the same code in every branch is the same thing), from `effective_at` on. `profile_id` NULL = the base
 * price of every branch; set = that branch's override. Status 0 waits for a second person, 1 approved (in force from
 * its date), 2 rejected or withdrawn. Never deleted; an approved price is never edited (a new row replaces it).
 * The partial unique index of migration `0058_price_list` refuses two live rows for one thing, branch and date.
 */
export const priceList = pgTable(
  'price_list',
  {
    id: col.serialId(),
    kind: varchar('kind', { length: 20 }).notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    profile_id: integer('profile_id').references(() => profile.id),
    effective_at: col.day('effective_at').notNull(),
    price: col.money('price').notNull(),
    status: smallint('status').notNull().default(0),
    note: text('note'),
    /** Who made the change (NULL: the migration that copied the masters' prices). */
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
    decided_by: col.userRef('decided_by'),
    decided_at: col.ts('decided_at'),
  },
  (t) => [
    index('price_list_lookup_idx').on(t.kind, t.code, t.profile_id, t.effective_at),
    check('price_list_kind_check', sql`${t.kind} in ('treatment', 'item')`),
    check('price_list_price_check', sql`${t.price} >= 0`),
    check('price_list_status_check', sql`${t.status} in (0, 1, 2)`),
  ],
);
