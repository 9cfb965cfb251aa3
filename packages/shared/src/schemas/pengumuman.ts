import { z, emptyToUndefined } from './common.js';

/** Spec 5/9: announcement text 5 to 100 characters; the footer shows the 10 latest. */
export const PENGUMUMAN_MIN = 5;
export const PENGUMUMAN_MAX = 100;
export const PENGUMUMAN_FOOTER_COUNT = 10;
export const PENGUMUMAN_FOOTER_HEIGHT = 45;

export interface PengumumanDto {
  id: number;
  message: string;
  userdata: { id: number; name: string };
  /** ISO instant. */
  posttime: string;
  profile_id: number;
}

/** POST /api/pengumuman: message (trimmed, 5..100 characters). */
export const pengumumanInput = z.object({
  message: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Pengumuman wajib diisi' })
      .min(PENGUMUMAN_MIN, `Pengumuman minimal ${PENGUMUMAN_MIN} karakter`)
      .max(PENGUMUMAN_MAX, `Pengumuman maksimal ${PENGUMUMAN_MAX} karakter`),
  ),
});
export type PengumumanInput = z.infer<typeof pengumumanInput>;

/** GET /api/pengumuman filters: page, limit (default 10), keyword. Newest first. */
export const pengumumanListQuery = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'Harus berupa angka' }).int().min(1).default(1)),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'Harus berupa angka' }).int().min(1).max(100).default(PENGUMUMAN_FOOTER_COUNT),
  ),
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});
export type PengumumanListQuery = z.infer<typeof pengumumanListQuery>;
