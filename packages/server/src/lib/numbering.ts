import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';

/**
 * The next document number for a branch, kind and period (ARCHITECTURE rule 8).
 * The counter row is created or incremented with one statement, which locks it until the caller's
 * transaction ends: concurrent callers wait, a rolled-back caller gives its number back, so numbers are
 * unique and gapless. Call it inside the transaction that stores the document.
 */
export async function nextNumber(db: Db, profileId: number, kind: string, period = ''): Promise<number> {
  const [row] = await queryRows<{ last: number }>(db, nextNumberSql(profileId, kind, period));
  return Number(row.last);
}

/**
 * The statement that takes the next number (`returning last`), for a caller that takes it inside one larger
 * statement (the journal posting's CTE, issue 10). The counter's SQL lives only here (one owner per table).
 */
export function nextNumberSql(profileId: number | SQL, kind: string, period = ''): SQL {
  return sql`insert into doc_counter (profile_id, kind, period, last) values (${profileId}, ${kind}, ${period}, 1)
    on conflict (profile_id, kind, period) do update set last = doc_counter.last + 1
    returning last`;
}

/** e.g. formatDocNumber('JU', 3, '202611', 17) -> 'JU/03/202611/0017' */
export function formatDocNumber(prefix: string, profileId: number, period: string, n: number, width = 4): string {
  return [prefix, String(profileId).padStart(2, '0'), period, String(n).padStart(width, '0')].filter(Boolean).join('/');
}
