import { sql } from 'drizzle-orm';

/** A row to insert or set, column name to value. */
export type R = Record<string, unknown>;

/** A list of ids as SQL parameters for `in (...)`; an empty list matches nothing. */
export const ids = (list: readonly number[]) => sql.join(list.length ? list.map((i) => sql`${i}`) : [sql`-1`], sql`, `);
