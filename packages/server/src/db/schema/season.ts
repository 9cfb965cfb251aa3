import { check, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import * as col from './columns.js';
import { sql } from 'drizzle-orm';

/**
 * 'Musim Promo' (issue 30 item 6): a dated promotional period of some branches with a revenue target (sen).
 * Status 0 draft, 1 active, 2 closed; never deleted. At most one ACTIVE season per branch on any day: the trigger
 * `season_one_active` of migration `0060_season` (under an advisory lock) refuses an overlap.
 */
export const season = pgTable(
  'season',
  {
    id: col.serialId(),
    name: varchar('name', { length: 100 }).notNull(),
    start_at: col.day('start_at').notNull(),
    end_at: col.day('end_at').notNull(),
    revenue_target: col.sen('revenue_target'),
    status: smallint('status').notNull().default(0),
    note: text('note'),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
    updated_at: col.updatedAt(),
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
    season_id: col.ref('season_id', () => season.id),
    profile_id: col.branch(),
  },
  (t) => [primaryKey({ columns: [t.season_id, t.profile_id] })],
);
