import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AVATAR_FIELD, IMAGE_ERRORS, IMAGE_MAX_BYTES, type ImageMimeType } from '@klinik/shared';
import { AppError, badRequest } from '../http/errors.js';

/** An uploaded image after its bytes were checked. */
export interface CheckedImage {
  buffer: Buffer;
  mime: ImageMimeType;
  ext: 'png' | 'jpg' | 'gif';
}

/** The file type by its first bytes (magic numbers), never by its name or the client's content type. */
export function sniffImage(buf: Buffer): { mime: ImageMimeType; ext: CheckedImage['ext'] } | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff)
    return { mime: 'image/jpeg', ext: 'jpg' };
  if (buf.length >= 6) {
    const head = buf.subarray(0, 6).toString('ascii');
    if (head === 'GIF87a' || head === 'GIF89a') return { mime: 'image/gif', ext: 'gif' };
  }
  return null;
}

export function checkImage(buffer: Buffer, field: string = AVATAR_FIELD): CheckedImage {
  if (buffer.length === 0) throw badRequest(IMAGE_ERRORS.missing, field);
  if (buffer.length > IMAGE_MAX_BYTES) throw new AppError(413, [{ message: IMAGE_ERRORS.size, field }]);
  const kind = sniffImage(buffer);
  if (!kind) throw badRequest(IMAGE_ERRORS.type, field);
  return { buffer, ...kind };
}

/**
 * Where an entity's files live: `users/<id>` (avatars), `profile/<id>` (branch logos) or `visit/<id>` (progress
 * photos of a visit and their thumbnails).
 */
export interface UploadOwner {
  kind: 'users' | 'profile' | 'visit';
  id: number;
}

/** The names storeImage generates: base-36 time, 16 hex digits of randomness, the sniffed extension. */
const STORED_NAME = /^[0-9a-z]{1,12}-[0-9a-f]{16}\.(png|jpg|gif)$/;

/**
 * Whether `rel` is a file the server stored for this owner (issue 8, finding 3): exactly `<kind>/<id>/<generated
 * name>`. Anything else (another owner's file, a path a client once set, a URL) is never served, read or deleted.
 */
export function isOwnedUpload(rel: string | null | undefined, owner: UploadOwner): rel is string {
  if (!rel) return false;
  const prefix = `${owner.kind}/${owner.id}/`;
  return rel.startsWith(prefix) && STORED_NAME.test(rel.slice(prefix.length));
}

const UPLOAD_ERRORS = {
  malformed: 'Format unggahan tidak valid',
} as const;

const tooLarge = () => new AppError(413, [{ message: IMAGE_ERRORS.size }]);

/**
 * Re-encodes an image so only its pixels are kept (issue 8, finding 6): EXIF (location, device), XMP, IPTC and
 * comments are dropped; a JPEG is turned upright by its EXIF orientation first. Bytes that sniff as an image but do
 * not decode are refused like any other non-image.
 */
export async function reencodeImage(image: CheckedImage): Promise<CheckedImage> {
  try {
    const input = sharp(image.buffer, { animated: image.ext === 'gif', limitInputPixels: 40_000_000 });
    const out =
      image.ext === 'png'
        ? input.png()
        : image.ext === 'gif'
          ? input.gif()
          : input.rotate().jpeg({ quality: 90, mozjpeg: true });
    return { ...image, buffer: await out.toBuffer() };
  } catch {
    throw badRequest(IMAGE_ERRORS.type, AVATAR_FIELD);
  }
}

/**
 * Reads the one image file of a multipart request (field `avatar`, or any single file field) into memory, checks
 * it and re-encodes it. Over 10 MB is 413, never a truncated file; a body the multipart parser cannot read is 400.
 */
export async function readImageUpload(req: FastifyRequest): Promise<CheckedImage> {
  if (!req.isMultipart()) throw badRequest(IMAGE_ERRORS.missing, AVATAR_FIELD);
  let buffer: Buffer;
  try {
    const part = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 }, throwFileSizeLimit: true });
    if (!part) throw badRequest(IMAGE_ERRORS.missing, AVATAR_FIELD);
    buffer = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) throw tooLarge();
    // Busboy's "Unexpected end of form", "Malformed part header", a missing boundary, too many parts, ...
    throw badRequest(UPLOAD_ERRORS.malformed);
  }
  if (buffer.length > IMAGE_MAX_BYTES) throw tooLarge();
  return reencodeImage(checkImage(buffer));
}

/** Stores an image under uploadDir/<kind>/<id>/ with a generated name; answers the path relative to uploadDir. */
export async function storeImage(uploadDir: string, owner: UploadOwner, image: CheckedImage): Promise<string> {
  const rel = path.posix.join(
    owner.kind,
    String(owner.id),
    `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${image.ext}`,
  );
  const abs = resolveUpload(uploadDir, rel);
  await fs.promises.mkdir(path.dirname(abs), { recursive: true });
  await fs.promises.writeFile(abs, image.buffer, { flag: 'wx' });
  return rel;
}

/** The absolute path of a stored file; refuses anything that would leave uploadDir. */
export function resolveUpload(uploadDir: string, rel: string): string {
  const root = path.resolve(uploadDir);
  const abs = path.resolve(root, rel);
  if (!abs.startsWith(root + path.sep)) throw badRequest('Nama file tidak valid');
  return abs;
}

/** Deletes a file the server stored for this owner; any other reference is left alone. */
export async function removeUpload(
  uploadDir: string,
  rel: string | null | undefined,
  owner: UploadOwner,
): Promise<void> {
  if (!isOwnedUpload(rel, owner)) return;
  try {
    await fs.promises.unlink(resolveUpload(uploadDir, rel));
  } catch {
    // Already gone: nothing to clean.
  }
}

/** The bytes of a file the server stored for this owner, or null (missing, or not this owner's stored file). */
export async function readUpload(uploadDir: string, rel: string | null | undefined, owner: UploadOwner) {
  if (!isOwnedUpload(rel, owner)) return null;
  const mime = MIME_BY_EXT[path.extname(rel).slice(1).toLowerCase()];
  if (!mime) return null;
  try {
    return { buffer: await fs.promises.readFile(resolveUpload(uploadDir, rel)), mime };
  } catch {
    return null;
  }
}

const MIME_BY_EXT: Record<string, ImageMimeType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** A stored image to send back, or null when the file is missing. */
export async function openUpload(
  uploadDir: string,
  rel: string,
  owner: UploadOwner,
): Promise<{ stream: fs.ReadStream; mime: ImageMimeType } | null> {
  if (!isOwnedUpload(rel, owner)) return null;
  const mime = MIME_BY_EXT[path.extname(rel).slice(1).toLowerCase()];
  if (!mime) return null;
  const abs = resolveUpload(uploadDir, rel);
  try {
    await fs.promises.access(abs, fs.constants.R_OK);
  } catch {
    return null;
  }
  return { stream: fs.createReadStream(abs), mime };
}

/**
 * A multipart form with one image file (`fileField`) and text fields, read in the order the client sent them (the
 * fields may come before or after the file). The file is checked (size, type by content) but not re-encoded.
 * Without a file the image is null: the caller validates the text fields first and then says the file is missing.
 */
export async function readImageForm(
  req: FastifyRequest,
  fileField: string,
): Promise<{ image: CheckedImage | null; fields: Record<string, string>; fileError: AppError | null }> {
  if (!req.isMultipart()) return { image: null, fields: {}, fileError: badRequest(IMAGE_ERRORS.missing, fileField) };
  const fields: Record<string, string> = {};
  let buffer: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        if (part.fieldname === fileField) buffer = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) throw tooLarge();
    throw badRequest(UPLOAD_ERRORS.malformed);
  }
  if (!buffer) return { image: null, fields, fileError: badRequest(IMAGE_ERRORS.missing, fileField) };
  try {
    return { image: checkImage(buffer, fileField), fields, fileError: null };
  } catch (err) {
    if (err instanceof AppError) return { image: null, fields, fileError: err };
    throw err;
  }
}

/** Longest side of a stored progress photo and of its thumbnail (pixels). */
export const PHOTO_MAX_SIDE = 2048;
export const THUMBNAIL_MAX_SIDE = 320;

/**
 * A progress photo as it is kept: decoded and re-encoded as JPEG (only the pixels survive: EXIF, GPS, XMP and
 * comments are gone; turned upright by its EXIF orientation first; the first frame of a GIF; transparency on
 * white), its longest side at most PHOTO_MAX_SIDE, and a thumbnail of at most THUMBNAIL_MAX_SIDE.
 */
export async function photoVariants(
  image: CheckedImage,
  field: string,
): Promise<{ photo: CheckedImage; thumbnail: CheckedImage; width: number; height: number }> {
  try {
    const base = () =>
      sharp(image.buffer, { limitInputPixels: 40_000_000 }).rotate().flatten({ background: '#ffffff' });
    const fit = (side: number) => ({ width: side, height: side, fit: 'inside' as const, withoutEnlargement: true });
    const { data, info } = await base()
      .resize(fit(PHOTO_MAX_SIDE))
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await base().resize(fit(THUMBNAIL_MAX_SIDE)).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
    const jpeg = (buffer: Buffer): CheckedImage => ({ buffer, mime: 'image/jpeg', ext: 'jpg' });
    return { photo: jpeg(data), thumbnail: jpeg(thumb), width: info.width, height: info.height };
  } catch {
    throw badRequest(IMAGE_ERRORS.type, field);
  }
}
