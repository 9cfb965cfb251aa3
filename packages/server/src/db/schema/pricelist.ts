import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { profile, users } from './core.js';

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
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    profile_id: integer('profile_id').references(() => profile.id),
    effective_at: date('effective_at', { mode: 'string' }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(0),
    note: text('note'),
    /** Who made the change (NULL: the migration that copied the masters' prices). */
    created_by: integer('created_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    decided_by: integer('decided_by').references(() => users.id),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('price_list_lookup_idx').on(t.kind, t.code, t.profile_id, t.effective_at),
    check('price_list_kind_check', sql`${t.kind} in ('treatment', 'item')`),
    check('price_list_price_check', sql`${t.price} >= 0`),
    check('price_list_status_check', sql`${t.status} in (0, 1, 2)`),
  ],
);
