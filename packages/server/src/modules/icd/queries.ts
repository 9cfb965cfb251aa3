import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { IcdCodeDto, IcdKind } from '@klinik/shared';

/**
 * The module's only SQL: ranked search in the `icd10` / `icd9cm` code lists (global, not per branch: a code list
 * is the same for every clinic). Served by the indexes of the ICD data migration: a trigram GIN index over
 * lower(code || ' ' || name_id || ' ' || name_en) for words (LIKE '%word%' per word, all must match) and a btree
 * on upper(replace(code, '.', '')) for a code typed with or without its dot (prefix).
 */
const TABLES: Record<IcdKind, SQL> = { icd10: sql.raw('"icd10"'), icd9cm: sql.raw('"icd9cm"') };

/** A LIKE pattern matching `s` literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface IcdSearch {
  /** Lower-case words, each must occur in the code or either name. */
  words: string[];
  /** The keyword read as a code without dots, upper case (only when it looks like a code). */
  code: string | null;
  limit: number;
}

export async function searchIcd(db: Db, kind: IcdKind, q: IcdSearch): Promise<IcdCodeDto[]> {
  const t = TABLES[kind];
  const text = sql`lower(code || ' ' || name_id || ' ' || name_en)`;
  const nodot = sql`upper(replace(code, '.', ''))`;
  if (!q.words.length && !q.code) {
    return queryRows<IcdCodeDto>(db, sql`SELECT code, name_id, name_en FROM ${t} ORDER BY code LIMIT ${q.limit}`);
  }
  const wordsMatch = q.words.length
    ? sql.join(
        q.words.map((w) => sql`${text} LIKE ${`%${likeEscape(w)}%`}`),
        sql` AND `,
      )
    : sql`false`;
  const codePrefix = q.code ? `${likeEscape(q.code)}%` : null;
  const where = codePrefix ? sql`(${nodot} LIKE ${codePrefix} OR (${wordsMatch}))` : wordsMatch;
  const rank = q.code
    ? sql`CASE WHEN ${nodot} = ${q.code} THEN 0 WHEN ${nodot} LIKE ${codePrefix} THEN 1 ELSE 2 END`
    : sql`2`;
  // Then a name that starts with the first word, the category before its subdivisions (shorter code), code order.
  const first = q.words[0] ? `${likeEscape(q.words[0])}%` : '';
  return queryRows<IcdCodeDto>(
    db,
    sql`SELECT code, name_id, name_en FROM ${t} WHERE ${where}
        ORDER BY ${rank},
          CASE WHEN lower(name_id) LIKE ${first} OR lower(name_en) LIKE ${first} THEN 0 ELSE 1 END,
          length(code), code
        LIMIT ${q.limit}`,
  );
}
