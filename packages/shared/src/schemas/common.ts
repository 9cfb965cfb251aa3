import { z } from '../zod-id.js';
import { isValidDate } from '../dates.js';
import { hasAtMostTwoDecimals, MAX_RUPIAH } from '../money.js';

export { z };

/** Query-string friendly: '' and null become undefined (spec 7: empty filter values are dropped). */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const optionalText = (max = 255) =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(max))
    .optional()
    .nullable();

export const requiredText = (max = 255) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'Wajib diisi' }).min(1, 'Wajib diisi').max(max),
  );

export const dateString = z
  .string({ error: 'Wajib diisi' })
  .refine(isValidDate, 'Tanggal tidak valid (format YYYY-MM-DD)');

export const optionalDate = z.preprocess(emptyToUndefined, dateString.optional().nullable());

/** A positive id coming from JSON or a query string. */
export const idParam = z.coerce.number({ error: 'Id tidak valid' }).int('Id tidak valid').positive('Id tidak valid');

export const optionalQueryInt = z.preprocess(emptyToUndefined, z.coerce.number().int().optional());

export const pageQuery = {
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(1)),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(20)),
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
};

/** Rupiah amount from the API: non-negative, at most two decimals, at most MAX_RUPIAH (Rp10.000.000.000.000). */
export const rupiah = z
  .number({ error: 'Harus berupa angka' })
  .min(0, 'Tidak boleh negatif')
  .max(MAX_RUPIAH, 'Jumlah terlalu besar')
  .refine(hasAtMostTwoDecimals, 'Maksimal dua angka desimal');

export const PAGE_SIZES = [8, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface Paged<T> {
  data: T[];
  count: number;
}
