import { bigint, integer, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { profile, users } from './core.js';

/**
 * Column helpers every module's tables share (issue 9 and issue 27: one definition, not one per schema file).
 * `core.ts` keeps its own `timestamps`, as this file imports `profile` and `users` from it.
 */

/** An instant: timestamptz read as an ISO string. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const timestamps = {
  created_at: createdAt(),
  updated_at: updatedAt(),
};

/** Money in sen (bigint), 0 by default. */
export const sen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** A required reference to another table's `id`. */
export const ref = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target);

/** The branch a row belongs to (`profile_id` unless named otherwise). */
export const branch = (name = 'profile_id') => ref(name, () => profile.id);

/** An optional reference to a user (who created, approved, cancelled ...). */
export const userRef = (name: string) => integer(name).references(() => users.id);

/** The Idempotency-Key a document was written with (unique per branch by each table's own index). */
export const idempotencyKey = () => varchar('idempotency_key', { length: 120 });
