import { z } from './common.js';

/**
 * Image upload with cropper (spec 5, 9). The browser crops, rotates and compresses; the server checks the bytes
 * (PNG/JPEG/GIF by content, at most 10 MB) and stores the file.
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
/** For <input accept>. */
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif';
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;

export const IMAGE_ERRORS = {
  type: 'File harus berupa gambar PNG, JPG, JPEG atau GIF',
  size: 'Ukuran file maksimal 10MB',
  missing: 'File gambar wajib dipilih',
} as const;

/** Which upload: users/photos default quality 25, branch logos 50. */
export type ImageUploadKind = 'avatar' | 'logo' | 'photo';
export const IMAGE_DEFAULT_QUALITY: Record<ImageUploadKind, number> = { avatar: 25, photo: 25, logo: 50 };
export const CROPPER = {
  zoomStep: 0.5,
  rotationMin: -360,
  rotationMax: 360,
  qualityMin: 1,
  qualityMax: 100,
} as const;

/** Cropper settings as the form holds them; aspect 'square' (1:1) or 'free'. */
export const cropSettings = z.object({
  aspect: z.enum(['square', 'free']).default('square'),
  zoom: z.number().min(1).max(10).multipleOf(CROPPER.zoomStep).default(1),
  rotation: z
    .number()
    .int()
    .min(CROPPER.rotationMin, 'Rotasi minimal -360')
    .max(CROPPER.rotationMax, 'Rotasi maksimal 360')
    .default(0),
  quality: z
    .number()
    .int()
    .min(CROPPER.qualityMin, 'Kualitas minimal 1')
    .max(CROPPER.qualityMax, 'Kualitas maksimal 100'),
});
export type CropSettings = z.infer<typeof cropSettings>;

/** Multipart field names: POST /api/users/uploadavatar/{id} and POST /api/profile/uploadavatar/{id} take `avatar`. */
export const AVATAR_FIELD = 'avatar';
