import { z, emptyToUndefined, optionalQueryInt, pageQuery, plainString } from './common.js';

/** __Name__ (issue N): what one row is. Field names as the spec writes them. */
export interface __Name__Dto {
  id: number;
  profile_id: number;
  name: string;
  /** 1 active, 0 inactive ('Tidak Aktif'). */
  status: number;
  /** ISO instant. */
  created_at: string;
}

/** POST /api/__name__ and PUT /api/__name__/{id}: the name is trimmed, 2..100 characters. */
export const __name__Input = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    plainString().min(2, 'Nama minimal 2 karakter').max(100, 'Nama maksimal 100 karakter'),
  ),
  status: z.coerce.number().int().min(0).max(1).default(1),
});
export type __Name__Input = z.infer<typeof __name__Input>;

/** GET /api/__name__: page, limit, keyword (name); isallbranch=1 for a top-level reader. */
export const __name__ListQuery = z.object({
  ...pageQuery,
  keyword: z.preprocess(emptyToUndefined, plainString().trim().max(100).optional()),
  isallbranch: optionalQueryInt,
});
export type __Name__ListQuery = z.infer<typeof __name__ListQuery>;
