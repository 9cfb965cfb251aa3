import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import * as col from './columns.js';
import { users } from './core.js';
import { applog } from './staff.js';

/**
 * Issue 26 item 3: the trace of a patient merge. `merged` went into `survivor`; `moved` lists the rows re-pointed,
 * per table (`{ "visit": [ids] }`). Append-only (a trigger refuses UPDATE and DELETE): the merge is history.
 */
export const patientMerge = pgTable(
  'patient_merge',
  {
    ...col.branchKeys(),
    survivor_id: col.ref('survivor_id', () => users.id),
    merged_id: col.ref('merged_id', () => users.id),
    reason: text('reason').notNull(),
    requested_by: col.ref('requested_by', () => users.id),
    approved_by: col.ref('approved_by', () => users.id),
    applog_id: col.ref('applog_id', () => applog.id),
    moved: jsonb('moved').notNull(),
    created_at: col.createdAt(),
  },
  (t) => [index('patient_merge_survivor_idx').on(t.survivor_id), index('patient_merge_merged_idx').on(t.merged_id)],
);
