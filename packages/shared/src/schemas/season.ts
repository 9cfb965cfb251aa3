import { z, dateString, emptyToUndefined, idOf, optionalText, pageQuery, plainString, rupiah } from './common.js';

/** 'Musim Promo' (issue 30 item 6): a dated promotional period of some branches with a revenue target. */
export const SEASON_STATUS = { 0: 'Draft', 1: 'Aktif', 2: 'Selesai' } as const;

export interface SeasonDto {
  id: number;
  name: string;
  start_at: string;
  end_at: string;
  branches: { id: number; name: string }[];
  /** Rupiah. */
  revenue_target: number;
  /** 0 draft, 1 active, 2 closed. */
  status: number;
  statusname: string;
  note: string | null;
  created_at: string;
}

/** POST /api/season and PUT /api/season/{id}. */
export const seasonInput = z
  .object({
    name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      plainString().min(2, 'Nama minimal 2 karakter').max(100, 'Nama maksimal 100 karakter'),
    ),
    start_at: dateString,
    end_at: dateString,
    branches: z
      .array(idOf('Cabang tidak valid'), { error: 'Pilih cabang' })
      .min(1, 'Pilih minimal satu cabang')
      .max(200),
    revenue_target: rupiah.default(0),
    status: z.coerce.number().int().min(0, 'Status tidak valid').max(2, 'Status tidak valid').default(0),
    note: optionalText(500),
  })
  .refine((v) => v.end_at >= v.start_at, {
    message: 'Tanggal selesai tidak boleh sebelum tanggal mulai',
    path: ['end_at'],
  });
export type SeasonInput = z.infer<typeof seasonInput>;

/** GET /api/season: page, limit, keyword (name), status, profile_id (seasons of a branch). */
export const seasonListQuery = z.object({
  ...pageQuery,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(2).optional()),
  profile_id: z.preprocess(emptyToUndefined, idOf('Cabang tidak valid').optional()),
});
export type SeasonListQuery = z.infer<typeof seasonListQuery>;

/** GET /api/paket/season: the promo seasons running in the current branch (the type form, the sales filter). */
export interface PaketSeasonOption {
  id: number;
  name: string;
  start_at: string;
  end_at: string;
  status: number;
}
