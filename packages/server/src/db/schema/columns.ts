import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';
import { profile } from './core.js';

/**
 * Column helpers every module's tables share (issue 9: one definition, not one per schema file). `core.ts` keeps
 * its own `timestamps`, as this file imports `profile` from it.
 */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

/** Money in sen (bigint), 0 by default. */
export const sen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** The branch a row belongs to (`profile_id` unless named otherwise). */
export const branch = (name = 'profile_id') =>
  integer(name)
    .notNull()
    .references(() => profile.id);
