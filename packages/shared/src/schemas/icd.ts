import { z, emptyToUndefined, plainString } from './common.js';

/**
 * One code of the ICD-10 (diagnoses, WHO 2010 as used in Indonesia) or ICD-9-CM (procedures) list. Which name
 * leads in the UI: ICD-10 shows `name_id` first (a reviewed Indonesian translation); ICD-9-CM shows `name_en`
 * first, because its Indonesian text is machine-translated in places (see docs/decisions.md, ICD code lists).
 */
export interface IcdCodeDto {
  code: string;
  name_id: string;
  name_en: string;
}

export const ICD_KINDS = ['icd10', 'icd9cm'] as const;
export type IcdKind = (typeof ICD_KINDS)[number];

/** The most results a search gives (ranked: exact code, code prefix, then words). */
export const ICD_SEARCH_LIMIT = 20;

/**
 * tRPC icd.icd10 / icd.icd9cm `{ keyword }`; REST GET /api/master/icd10?keyword= and /api/master/icd9cm?keyword=.
 * A code with or without its dot ("A09", "a090", "A09.0", "93.96") or words in Indonesian or English, any order.
 */
export const icdSearchQuery = z.object({
  keyword: z.preprocess(emptyToUndefined, plainString().trim().max(100, 'Kata kunci terlalu panjang').optional()),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Batas harus berupa angka' })
      .int('Batas harus berupa angka')
      .min(1, 'Batas minimal 1')
      .max(ICD_SEARCH_LIMIT, `Batas maksimal ${ICD_SEARCH_LIMIT}`)
      .default(ICD_SEARCH_LIMIT),
  ),
});
export type IcdSearchQuery = z.infer<typeof icdSearchQuery>;

/** The label a picker shows first, and the second one (see IcdCodeDto). */
export function icdLabels(kind: IcdKind, c: IcdCodeDto): [string, string] {
  return kind === 'icd10' ? [c.name_id, c.name_en] : [c.name_en, c.name_id];
}
