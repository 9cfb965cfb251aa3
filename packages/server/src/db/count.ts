import { sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_CAP } from '@klinik/shared';

/**
 * The count of a growing list's matches for the pager (issue 33): exact up to the page's offset plus
 * `LIST_COUNT_CAP`, past it that plus one, read as "more than" (`listCountCapped`). `matches` selects one row per
 * match (`select 1 from ... where ...`); the count reads at most that many rows, not the branch's book.
 */
export function cappedCount(matches: SQL, offset: number): SQL<number> {
  return sql<number>`(select count(*)::int from (${matches} limit ${offset + LIST_COUNT_CAP + 1}) capped)`;
}
