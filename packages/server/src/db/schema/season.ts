import {
  bigint,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { profile, users } from './core.js';

/**
 * 'Musim Promo' (issue 30 item 6): a dated promotional period of some branches with a revenue target (sen).
 * Status 0 draft, 1 active, 2 closed; never deleted. At most one ACTIVE season per branch on any day: the trigger
 * `season_one_active` of migration `0060_season` (under an advisory lock) refuses an overlap.
 */
export const season = pgTable(
  'season',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    start_at: date('start_at', { mode: 'string' }).notNull(),
    end_at: date('end_at', { mode: 'string' }).notNull(),
    revenue_target: bigint('revenue_target', { mode: 'number' }).notNull().default(0),
    status: smallint('status').notNull().default(0),
    note: text('note'),
    created_by: integer('created_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('season_dates_check', sql`${t.end_at} >= ${t.start_at}`),
    check('season_target_check', sql`${t.revenue_target} >= 0`),
    check('season_status_check', sql`${t.status} in (0, 1, 2)`),
  ],
);

/** The branches a season runs in. */
export const seasonBranch = pgTable(
  'season_branch',
  {
    season_id: integer('season_id')
      .notNull()
      .references(() => season.id),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => profile.id),
  },
  (t) => [primaryKey({ columns: [t.season_id, t.profile_id] })],
);
