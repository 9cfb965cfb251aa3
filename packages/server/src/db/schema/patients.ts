import { index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ref, branch } from './columns.js';
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
    survivor_id: ref('survivor_id', () => users.id),
    merged_id: ref('merged_id', () => users.id),
    reason: text('reason').notNull(),
    requested_by: ref('requested_by', () => users.id),
    approved_by: ref('approved_by', () => users.id),
    applog_id: ref('applog_id', () => applog.id),
    moved: jsonb('moved').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('patient_merge_survivor_idx').on(t.survivor_id), index('patient_merge_merged_idx').on(t.merged_id)],
);
