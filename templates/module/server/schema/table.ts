import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { profile } from './core.js';

/** __Name__ of a branch. Never deleted: deactivate (status 0) so history keeps pointing at it. */
export const __name__ = pgTable(
  '__name__',
  {
    id: serial('id').primaryKey(),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => profile.id),
    name: varchar('name', { length: 100 }).notNull(),
    status: smallint('status').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('__name___profile_name_idx').on(t.profile_id, t.name)],
);
