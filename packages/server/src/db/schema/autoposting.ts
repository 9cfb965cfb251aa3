import { pgTable, serial, integer, varchar, date, timestamp, index } from 'drizzle-orm/pg-core';
import { profile, users } from './core.js';
import { akun } from './finance.js';

/**
 * Automatic journal settings (issue 28 item 7): which account a module's posting key (e.g. 'hutangDokter') books to,
 * per branch, versioned by `effective_from`. A change is a new row from a date; rows are never edited or deleted
 * (drizzle rules), so the history stays. The posting service takes, for a document's branch and date, the row with
 * the latest effective_from on or before that date (the latest id among equal dates).
 */
export const financeAutoposting = pgTable(
  'finance_autoposting',
  {
    id: serial('id').primaryKey(),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => profile.id),
    key: varchar('key', { length: 40 }).notNull(),
    akun_id: integer('akun_id')
      .notNull()
      .references(() => akun.id),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    created_by: integer('created_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('finance_autoposting_lookup_idx').on(t.profile_id, t.key, t.effective_from)],
);
