/**
 * Automatic journal keys at posting time (issue 28 item 7). A module names a key instead of an account:
 * `{ akun: auto('hutangDokter'), ... }`; postJournal resolves it for the document's branch (ctx.branchId) and date
 * through finance_autoposting (the version in force on that date). A key with no mapping, or mapped to an account
 * that is inactive, a header or another branch's, refuses the posting with a message naming the key: never a
 * silent fallback to a constant. The key is stored on the journal line (jurnal_detail.autopost_key).
 */
import { AUTOPOST_KEYS, formatDate, isAutopostKey, type AutopostKey, type ErrorItem } from '@klinik/shared';
import { mappingAt } from '../queries/autoposting.js';
import type { Ctx } from '../../../http/context.js';
import { badRequestMany } from '../../../http/errors.js';
import { accountProblem } from '../account-check.js';

const PREFIX = 'auto:';

/** The account of a posting line named by its automatic-journal key (resolved when the journal posts). */
export function auto(key: AutopostKey): string {
  return `${PREFIX}${key}`;
}

/** The key a line's `akun` names, or null for an account code/id. */
export function keyOf(akun: unknown): string | null {
  return typeof akun === 'string' && akun.startsWith(PREFIX) ? akun.slice(PREFIX.length) : null;
}

export { mappingAt, type MappedAccount } from '../queries/autoposting.js';

export function keyLabel(key: string): string {
  return isAutopostKey(key) ? `"${AUTOPOST_KEYS[key].label}" (${key})` : key;
}

/**
 * Replaces every `auto(key)` account of the lines by the mapped account id for ctx.branchId on `date`; `keys[i]` is
 * line i's key (null for a line naming an account itself). 400 naming the key when a mapping is missing or unusable.
 */
export async function resolveAutoLines<L extends { akun: string | number }>(
  ctx: Ctx,
  lines: L[],
  date: string,
  field = 'lines',
): Promise<{ lines: (Omit<L, 'akun'> & { akun: string | number })[]; keys: (string | null)[] }> {
  const keys = (Array.isArray(lines) ? lines : []).map((l) => keyOf(l.akun));
  const wanted = [...new Set(keys.filter((k): k is string => k !== null))];
  if (!wanted.length) return { lines, keys };
  const map = await mappingAt(ctx.db, ctx.branchId, wanted, date);
  const issues: ErrorItem[] = [];
  const out = lines.map((l, i) => {
    const key = keys[i];
    if (key === null) return l;
    const f = `${field}.${i}.akun`;
    const m = map.get(key);
    if (!isAutopostKey(key)) {
      issues.push({ message: `Kunci jurnal otomatis ${key} tidak dikenal`, field: f });
    } else if (!m) {
      issues.push({
        message: `Pengaturan jurnal otomatis ${keyLabel(key)} belum diatur untuk cabang ini per ${formatDate(date)}; atur di Master Jurnal Autoposting`,
        field: f,
      });
    } else {
      const problem = accountProblem(ctx, m);
      if (problem) {
        issues.push({
          message: `Pengaturan jurnal otomatis ${keyLabel(key)} menunjuk akun ${m.code} ${m.name} yang ${problem}; perbaiki di Master Jurnal Autoposting`,
          field: f,
        });
      }
    }
    return { ...l, akun: m?.akun_id ?? l.akun };
  });
  if (issues.length) throw badRequestMany(issues);
  return { lines: out, keys };
}
