import { z, emptyToUndefined, idOf, optionalDate, optionalQueryInt, pageQuery, plainString } from './common.js';

/**
 * Multimedia (issue 11 item 5): labels of progress photos (MASTER_LABEL_FOTOPROGRES) and the photos of a visit
 * (RM_FOTOPROGRES). Field names of POST /api/service/visitmultimedia as spec 7 writes them: `photo`, `upload_at`,
 * and ours `visit`, `label`, `note`.
 */

export interface MultimediaLabelDto {
  id: number;
  profile_id: number;
  name: string;
  /** 1 active, 0 inactive ('Tidak Aktif'): kept for the photos that carry it, not offered for new ones. */
  status: number;
  /** Set: the head office's label (issue 30 item 2), which a branch shows but does not change. */
  chain_id: number | null;
  created_at: string;
}

/** POST /api/service/multimedialabel and PUT /api/service/multimedialabel/{id}. */
export const multimediaLabelInput = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    plainString().min(2, 'Nama label minimal 2 karakter').max(100, 'Nama label maksimal 100 karakter'),
  ),
  status: z.coerce.number().int().min(0, 'Status tidak valid').max(1, 'Status tidak valid').default(1),
});
export type MultimediaLabelInput = z.infer<typeof multimediaLabelInput>;

export const multimediaLabelListQuery = z.object({
  ...pageQuery,
  keyword: z.preprocess(emptyToUndefined, plainString().trim().max(100).optional()),
  status: optionalQueryInt,
  isallbranch: optionalQueryInt,
});
export type MultimediaLabelListQuery = z.infer<typeof multimediaLabelListQuery>;

/** The multipart field of the photo file. */
export const PHOTO_FIELD = 'photo';

/** An instant with its zone (what the browser sends: `new Date(local).toISOString()`), or blank for now. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const UPLOAD_AT_MESSAGE = 'Waktu unggah tidak valid';
export const UPLOAD_AT_FUTURE_MESSAGE = 'Waktu unggah tidak boleh di masa depan';

/** The text fields of POST /api/service/visitmultimedia (the file is `photo`); a blank upload_at means now (spec 5). */
export const visitMultimediaInput = z.object({
  visit: z.preprocess(emptyToUndefined, idOf('Kunjungan wajib dipilih')),
  label: z.preprocess(emptyToUndefined, idOf('Label wajib dipilih')),
  upload_at: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
    z
      .string(UPLOAD_AT_MESSAGE)
      .trim()
      .refine((s) => INSTANT.test(s) && !Number.isNaN(Date.parse(s)), UPLOAD_AT_MESSAGE)
      .optional(),
  ),
  note: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    plainString().trim().max(500, 'Catatan maksimal 500 karakter').optional(),
  ),
});
export type VisitMultimediaInput = z.infer<typeof visitMultimediaInput>;

/** GET /api/service/visitmultimedia: filters; `withdeleted=1` also lists hidden photos (auditors only). */
export const visitMultimediaListQuery = z.object({
  ...pageQuery,
  visit: optionalQueryInt,
  customer: optionalQueryInt,
  label: optionalQueryInt,
  fromdate: optionalDate,
  todate: optionalDate,
  withdeleted: optionalQueryInt,
  isallbranch: optionalQueryInt,
});
export type VisitMultimediaListQuery = z.infer<typeof visitMultimediaListQuery>;

export interface VisitMultimediaDto {
  id: number;
  profile_id: number;
  visit: number;
  visitdata: { id: number; code: string; visit_date: string };
  customer: number;
  customerdata: { id: number; name: string; username: string };
  label: number | null;
  labelname: string | null;
  /** Where the browser loads the image (same origin, the session cookie decides). */
  photourl: string;
  thumbnailurl: string;
  width: number | null;
  height: number | null;
  upload_at: string;
  note: string | null;
  /** 1 shown, 0 hidden (deleted: kept for the auditor). */
  status: number;
  uploaded_by: number | null;
  uploadedbyname: string | null;
  deleted_at: string | null;
  deletedbyname: string | null;
}

/** One visit of the multimedia queue ('Antrian Multimedia') with the photos taken so far. */
export interface MultimediaQueueDto {
  id: number;
  code: string;
  visit_date: string;
  queue_number: number;
  kind: string;
  status: string;
  customer: number;
  customerdata: { id: number; name: string; username: string };
  doctor: number;
  doctorname: string;
  photos: VisitMultimediaDto[];
}

export const multimediaQueueQuery = z.object({ date: optionalDate });
export type MultimediaQueueQuery = z.infer<typeof multimediaQueueQuery>;

/** Photo file URLs (GET; served only to the visit's branch with RM_FOTOPROGRES read). */
export function visitPhotoUrl(id: number, variant: 'photo' | 'thumbnail' = 'photo'): string {
  return `/api/files/visitmultimedia/${id}/${variant}`;
}
