import { pgTable, varchar, index } from 'drizzle-orm/pg-core';
import * as col from './columns.js';
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
    ...col.branchKeys(),
    key: varchar('key', { length: 40 }).notNull(),
    akun_id: col.ref('akun_id', () => akun.id),
    effective_from: col.day('effective_from').notNull(),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
  },
  (t) => [index('finance_autoposting_lookup_idx').on(t.profile_id, t.key, t.effective_from)],
);
