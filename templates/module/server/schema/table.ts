import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { activeStatus, branchKeys, createdAt } from './columns.js';

/** __Name__ of a branch. Never deleted: deactivate (status 0) so history keeps pointing at it. */
export const __name__ = pgTable(
  '__name__',
  {
    ...branchKeys(),
    name: varchar('name', { length: 100 }).notNull(),
    status: activeStatus(),
    created_at: createdAt(),
  },
  (t) => [index('__name___profile_name_idx').on(t.profile_id, t.name)],
);
