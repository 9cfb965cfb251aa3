import { z } from '../zod-id.js';
import { isValidDate } from '../dates.js';
import { hasAtMostTwoDecimals, MAX_RUPIAH } from '../money.js';
import type { ErrorItem } from '../messages.js';

export { z };

/** Issue 8, finding 5: what a text field may not hold (PostgreSQL text cannot hold NUL; the others are never typed). */
export const CONTROL_CHAR_MESSAGE = 'Tidak boleh berisi karakter kontrol';

/**
 * Whether a string holds a character no field accepts: C0 controls other than tab, line feed and carriage return
 * (NUL above all), DEL, C1 controls, or half of a surrogate pair (not a character at all).
 */
export function hasForbiddenChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) {
      if (c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
    } else if (c >= 0x7f && c <= 0x9f) {
      return true;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/**
 * Every string (and object key) in a request's params, query or body holding a forbidden character, as field
 * issues. Walked without recursion (a deeply nested body cannot overflow the stack); at most `max` issues.
 */
export function forbiddenCharIssues(value: unknown, max = 20): ErrorItem[] {
  const issues: ErrorItem[] = [];
  const stack: { v: unknown; path: string[] }[] = [{ v: value, path: [] }];
  while (stack.length && issues.length < max) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasForbiddenChars(v)) {
        const field = path.join('.');
        issues.push(field ? { message: CONTROL_CHAR_MESSAGE, field } : { message: CONTROL_CHAR_MESSAGE });
      }
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i] as unknown, path: [...path, String(i)] });
    } else if (v && typeof v === 'object') {
      for (const [k, val] of Object.entries(v as Record<string, unknown>).reverse()) {
        if (hasForbiddenChars(k)) issues.push({ message: CONTROL_CHAR_MESSAGE, field: [...path, k].join('.') });
        else stack.push({ v: val, path: [...path, k] });
      }
    }
  }
  return issues;
}

/**
 * Issue 8, finding 3: names of fields that hold a reference to a stored file. Such a reference is set only by an
 * upload endpoint (the server names the file); a request body or tRPC input naming one of these is refused.
 */
export const FILE_REFERENCE_FIELDS: ReadonlySet<string> = new Set([
  'logo',
  'avatar',
  'photo',
  'foto',
  'image',
  'gambar',
  'attachment',
  'attachments',
  'lampiran',
  'file',
  'files',
  'filename',
  'filepath',
  'file_path',
]);
export const FILE_REFERENCE_MESSAGE = 'File hanya dapat diubah melalui unggah file';

/** Every key of a request body or input (at any depth) that names a file reference, as field issues. */
export function fileReferenceIssues(value: unknown, max = 20): ErrorItem[] {
  const issues: ErrorItem[] = [];
  const stack: { v: unknown; path: string[] }[] = [{ v: value, path: [] }];
  while (stack.length && issues.length < max) {
    const { v, path } = stack.pop()!;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i] as unknown, path: [...path, String(i)] });
    } else if (v && typeof v === 'object') {
      for (const [k, val] of Object.entries(v as Record<string, unknown>).reverse()) {
        if (FILE_REFERENCE_FIELDS.has(k.toLowerCase()) && val !== undefined) {
          issues.push({ message: FILE_REFERENCE_MESSAGE, field: [...path, k].join('.') });
        } else stack.push({ v: val, path: [...path, k] });
      }
    }
  }
  return issues;
}

/** A string schema that refuses forbidden characters (see hasForbiddenChars). */
export const plainString = () => z.string().refine((s) => !hasForbiddenChars(s), CONTROL_CHAR_MESSAGE);

/** Query-string friendly: '' and null become undefined (spec 7: empty filter values are dropped). */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const optionalText = (max = 255) =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : v), plainString().max(max))
    .optional()
    .nullable();

export const requiredText = (max = 255) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Wajib diisi' })
      .min(1, 'Wajib diisi')
      .max(max)
      .refine((s) => !hasForbiddenChars(s), CONTROL_CHAR_MESSAGE),
  );

export const dateString = z
  .string({ error: 'Wajib diisi' })
  .refine(isValidDate, 'Tanggal tidak valid (format YYYY-MM-DD)');

export const optionalDate = z.preprocess(emptyToUndefined, dateString.optional().nullable());

/**
 * Ids are positive decimal integers and nothing else (issue 8): a JSON number, or a string of digits without sign,
 * spaces, leading zero, exponent or hex (`'0x10'`, `'1e0'`, `'+1'`, `' 1'`, `'01'` are refused), at most 15 digits.
 * The one id schema for REST params, query strings and tRPC inputs; `idOf` gives it another message.
 */
const DECIMAL_ID = /^[1-9][0-9]{0,14}$/;
export const idOf = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && DECIMAL_ID.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
  );
export const idParam = idOf('Id tidak valid');

export const optionalQueryInt = z.preprocess(emptyToUndefined, z.coerce.number().int().optional());

/**
 * The branch filter of the Backoffice lists (issue 30): `profile_id=1,2` (a comma list in a query string, an array
 * from tRPC) names one or several branches; absent or empty means every branch. Only top-level users get other
 * branches (the server's branchScope); the id rule is `idOf`'s.
 */
export const branchIdsParam = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'string') return v.split(',').map((s) => s.trim());
    if (typeof v === 'number') return [v];
    return v;
  },
  z.array(idOf('Cabang tidak valid')).max(100, 'Paling banyak 100 cabang').optional(),
);

export const pageQuery = {
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(1)),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(20)),
  keyword: z.preprocess(emptyToUndefined, plainString().trim().max(100).optional()),
};

/**
 * A list that grows with the chain (the visit history, the patient and account lists) counts its matches past the
 * page asked for up to this many (issue 33: counting a branch's every row on each page read the whole branch). The
 * envelope's `count` is exact up to offset + this; one more (`listCountCapped`) means "more than count - 1": the
 * pager offers the pages up to there, and the next pages as the user goes on.
 */
export const LIST_COUNT_CAP = 1000;
/** True when a capped list's `count` for this page is the cap's "more than" (page from 1, limit rows a page). */
export function listCountCapped(count: number, page: number, limit: number): boolean {
  return count > (page - 1) * limit + LIST_COUNT_CAP;
}

/** Rupiah amount from the API: non-negative, at most two decimals, at most MAX_RUPIAH (Rp10.000.000.000.000). */
export const rupiah = z
  .number({ error: 'Harus berupa angka' })
  .min(0, 'Tidak boleh negatif')
  .max(MAX_RUPIAH, 'Jumlah terlalu besar')
  .refine(hasAtMostTwoDecimals, 'Maksimal dua angka desimal');

/** A percentage as people type it (5 = 5%, 12.5): 0 to 100 with at most two decimals, stored as basis points. */
export const percent = () =>
  z
    .number({ error: 'Persen harus berupa angka' })
    .min(0, 'Persen tidak boleh negatif')
    .max(100, 'Persen maksimal 100')
    .refine(hasAtMostTwoDecimals, 'Persen maksimal dua angka desimal');

/** A master's code (item, procedure, package...): trimmed, upper-cased, letters, digits and `._/-` only. */
export const masterCode = (max = 30) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: 'Kode wajib diisi' })
      .min(1, 'Kode wajib diisi')
      .max(max, `Kode maksimal ${max} karakter`)
      .regex(/^[A-Z0-9._/-]+$/, 'Kode hanya boleh huruf, angka, titik, garis miring, garis bawah atau strip'),
  );

/** A master's status: 1 active (the default) or 0 inactive. */
export const masterStatus = z.coerce
  .number()
  .int()
  .refine((v) => v === 0 || v === 1, 'Status harus 0 atau 1')
  .default(1);

export const PAGE_SIZES = [8, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface Paged<T> {
  data: T[];
  count: number;
}
