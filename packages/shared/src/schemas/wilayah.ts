import { z, emptyToUndefined } from './common.js';

/** Indonesian administrative areas (idn-area-data) for the address pickers. */
export interface AreaDto {
  code: string;
  /** Title-cased for display ("Kota Bandung"). */
  name: string;
  parent: string;
}

export const WILAYAH_LEVELS = ['provinces', 'regencies', 'districts', 'villages'] as const;
export type WilayahLevel = (typeof WILAYAH_LEVELS)[number];

/**
 * tRPC wilayah.{provinces|regencies|districts|villages}; REST GET /api/wilayah/{level}?parent=&keyword=.
 * parent: the code of the level above (required except for provinces); at most `limit` results.
 */
export const wilayahQuery = z.object({
  parent: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[0-9.]{1,20}$/, 'Kode wilayah tidak valid')
      .optional(),
  ),
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(1000)),
});
export type WilayahQuery = z.infer<typeof wilayahQuery>;
