import type { IcdCodeDto, IcdKind, IcdSearchQuery } from '@klinik/shared';
import type { Ctx } from '../../http/context.js';
import { searchIcd, type IcdSearch } from './queries.js';

/**
 * What a typed code looks like: ICD-10 a letter (its chapter) and digits ("K", "A09", "a090", "A09.0"); ICD-9-CM
 * digits ("93.96"). A keyword shaped like a code is searched as a code only (names do not hold codes).
 */
const CODE_LIKE: Record<IcdKind, RegExp> = {
  icd10: /^[a-z]([0-9]{1,2}(\.?[0-9]{0,3}))?$/i,
  icd9cm: /^[0-9]{1,2}(\.?[0-9]{0,3})$/,
};
const MAX_WORDS = 8;
/** Characters before the dot: ICD-10 'A09.0', ICD-9-CM '47.01'. */
const HEAD: Record<IcdKind, number> = { icd10: 3, icd9cm: 2 };

/** A typed code as the list writes it: upper case, the dot put back ("a090" -> "A09.0", "4701" -> "47.01"). */
function dotted(kind: IcdKind, token: string): string {
  const bare = token.replace('.', '').toUpperCase();
  const n = HEAD[kind];
  return bare.length > n ? `${bare.slice(0, n)}.${bare.slice(n)}` : bare;
}

/** Reads a keyword: its words (lower case, at most 8, no repeats) and, when it is one token shaped like a code, the code. */
export function readKeyword(kind: IcdKind, keyword: string | undefined, limit: number): IcdSearch {
  const words = [
    ...new Set(
      (keyword ?? '')
        .toLowerCase()
        .split(/[\s,;]+/)
        .filter(Boolean),
    ),
  ].slice(0, MAX_WORDS);
  const code = words.length === 1 && CODE_LIKE[kind].test(words[0]) ? dotted(kind, words[0]) : null;
  return { words, code, limit };
}

/** Ranked search: the exact code first, then codes starting with it, then entries holding every word. */
export function search(ctx: Ctx, kind: IcdKind, q: IcdSearchQuery): Promise<IcdCodeDto[]> {
  return searchIcd(ctx.db, kind, readKeyword(kind, q.keyword, q.limit));
}
