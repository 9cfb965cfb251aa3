/**
 * LIKE patterns from a keyword a user typed (issue 27: one definition, not one per module). The pattern characters
 * `\`, `%` and `_` are escaped with PostgreSQL's default escape character, the backslash, so they match as typed.
 */
export const escapeLike = (keyword: string) => keyword.replace(/[\\%_]/g, (m) => '\\' + m);

/** The keyword anywhere, as typed: for `ilike`, or a keyword already lower-cased. */
export const containing = (keyword: string) => `%${escapeLike(keyword)}%`;

/** The keyword anywhere, lower-cased: `lower(column) like ${likeOf(keyword)}`. */
export const likeOf = (keyword: string) => containing(keyword).toLowerCase();
