import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branch } from './columns.js';
import { users } from './core.js';
import { applog } from './staff.js';

/**
 * Issue 26 item 3: the trace of a patient merge. `merged` went into `survivor`; `moved` lists the rows re-pointed,
 * per table (`{ "visit": [ids] }`). Append-only (a trigger refuses UPDATE and DELETE): the merge is history.
 */
export const patientMerge = pgTable(
  'patient_merge',
  {
    id: serial('id').primaryKey(),
    profile_id: branch(),
    survivor_id: integer('survivor_id')
      .notNull()
      .references(() => users.id),
    merged_id: integer('merged_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    requested_by: integer('requested_by')
      .notNull()
      .references(() => users.id),
    approved_by: integer('approved_by')
      .notNull()
      .references(() => users.id),
    applog_id: integer('applog_id')
      .notNull()
      .references(() => applog.id),
    moved: jsonb('moved').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('patient_merge_survivor_idx').on(t.survivor_id), index('patient_merge_merged_idx').on(t.merged_id)],
);
