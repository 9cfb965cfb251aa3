import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { IcdCodeDto, IcdKind } from '@klinik/shared';
import { containing, escapeLike } from '../../db/like.js';

/**
 * The module's only SQL: ranked search in the `icd10` / `icd9cm` code lists (global, not per branch: a code list
 * is the same for every clinic). Served by the foundation's indexes (drizzle/0023_medical_records_rules.sql): a
 * pattern btree on `code` for a code prefix, and trigram GIN indexes on lower(name_id) and lower(name_en) for
 * words (LIKE '%word%' in either name, every word must match: a BitmapAnd of BitmapOrs).
 */
const TABLES: Record<IcdKind, SQL> = { icd10: sql.raw('"icd10"'), icd9cm: sql.raw('"icd9cm"') };

export interface IcdSearch {
  /** Lower-case words, each must occur in the Indonesian or the English name (not used when `code` is set). */
  words: string[];
  /** The keyword read as a code as the list writes it (upper case, with its dot), when it looks like one. */
  code: string | null;
  limit: number;
}

export async function searchIcd(db: Db, kind: IcdKind, q: IcdSearch): Promise<IcdCodeDto[]> {
  const t = TABLES[kind];
  if (!q.words.length && !q.code) {
    return queryRows<IcdCodeDto>(db, sql`SELECT code, name_id, name_en FROM ${t} ORDER BY code LIMIT ${q.limit}`);
  }
  const wordsMatch =
    q.words.length && !q.code
      ? sql.join(
          q.words.map((w) => {
            const p = containing(w);
            return sql`(lower(name_id) LIKE ${p} OR lower(name_en) LIKE ${p})`;
          }),
          sql` AND `,
        )
      : sql`false`;
  const codePrefix = q.code ? `${escapeLike(q.code)}%` : null;
  const where = codePrefix ? sql`(code LIKE ${codePrefix} OR (${wordsMatch}))` : wordsMatch;
  const rank = q.code ? sql`CASE WHEN code = ${q.code} THEN 0 WHEN code LIKE ${codePrefix} THEN 1 ELSE 2 END` : sql`2`;
  // Then a name that starts with the first word, the category before its subdivisions (shorter code), code order.
  const first = q.words[0] ? `${escapeLike(q.words[0])}%` : '';
  const select = sql`SELECT code, name_id, name_en FROM ${t} WHERE ${where}
        ORDER BY ${rank},
          CASE WHEN lower(name_id) LIKE ${first} OR lower(name_en) LIKE ${first} THEN 0 ELSE 1 END,
          length(code), code
        LIMIT ${q.limit}`;
  // The planner rates a scan of 18 547 short rows as cheap, but lower() and LIKE on each row cost 30-70 ms on
  // PGlite (WebAssembly); the indexes answer in a few. A word of three letters or more has trigrams the GIN index
  // can use, and a code has its prefix: then the scan is ruled out for this one statement (SET LOCAL).
  if (!q.code && !q.words.some((w) => w.length >= 3)) return queryRows<IcdCodeDto>(db, select);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return queryRows<IcdCodeDto>(tx, select);
  });
}
