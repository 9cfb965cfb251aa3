import { sql } from 'drizzle-orm';

/** An ILIKE pattern that matches the text anywhere, with the pattern characters escaped. */
export function likeOf(s: string): string {
  return `%${s.replace(/[\\%_]/g, (m) => '\\' + m).toLowerCase()}%`;
}

/** A list of ids as SQL parameters for `in (...)`. */
export const ids = (list: readonly number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );
