import { sql } from 'drizzle-orm';

/** A list of ids as SQL parameters for `in (...)`. */
export const ids = (list: readonly number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );
