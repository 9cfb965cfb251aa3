import { pgTable, integer, smallint, text, varchar, boolean, jsonb, primaryKey, index } from 'drizzle-orm/pg-core';
import { users } from './core.js';
import * as col from './columns.js';

/**
 * Activity log with approvals (spec 3, 4, 7). A request (kind 'request') starts at status 0 and is decided once
 * (1 approved, -1 rejected); a plain activity entry (kind 'activity') has status null. `payload` holds what an
 * approved request carries out.
 */
export const applog = pgTable(
  'applog',
  {
    id: col.serialId(),
    logtime: col.ts('logtime').notNull().defaultNow(),
    profile_id: col.branch(),
    /** The requester / actor. */
    user_id: col.ref('user_id', () => users.id),
    kind: varchar('kind', { length: 20 }).notNull().default('activity'),
    action: varchar('action', { length: 60 }),
    message: text('message').notNull(),
    note: text('note'),
    status: smallint('status'),
    reason: text('reason'),
    url: text('url'),
    groupvisit: varchar('groupvisit', { length: 60 }),
    /** The entity the entry is about (e.g. the user whose status changes). */
    entity: varchar('entity', { length: 40 }),
    entity_id: integer('entity_id'),
    payload: jsonb('payload'),
    /** Role names that may decide ('toplevel' users always may). */
    assignby: jsonb('assignby').$type<string[]>().notNull().default([]),
    decided_by: col.userRef('decided_by'),
    decided_at: col.ts('decided_at'),
    /**
     * The person whose pay or record the request changes (the payee of a pay change, the user whose privileges
     * change): neither they nor the requester may decide it (issue 25, separation of duties).
     */
    subject_user_id: col.userRef('subject_user_id'),
  },
  (t) => [
    index('applog_profile_time_idx').on(t.profile_id, t.logtime),
    index('applog_subject_idx').on(t.subject_user_id),
    index('applog_user_idx').on(t.user_id),
    index('applog_profile_status_idx').on(t.profile_id, t.status),
  ],
);

/** Which actions need approval in a branch, and which roles decide (/master/approval-rule). */
export const approvalRule = pgTable(
  'approval_rule',
  {
    profile_id: col.branch(),
    action: varchar('action', { length: 60 }).notNull(),
    needs_approval: boolean('needs_approval').notNull().default(true),
    approver_roles: jsonb('approver_roles').$type<string[]>().notNull().default([]),
    updated_at: col.updatedAt(),
    updated_by: integer('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.profile_id, t.action] })],
);

/** Announcements (spec 3 "Announcement"): 5..100 characters, per branch, newest first. */
export const pengumuman = pgTable(
  'pengumuman',
  {
    ...col.branchKeys(),
    user_id: col.ref('user_id', () => users.id),
    message: varchar('message', { length: 100 }).notNull(),
    posttime: col.ts('posttime').notNull().defaultNow(),
  },
  (t) => [index('pengumuman_profile_time_idx').on(t.profile_id, t.posttime)],
);
