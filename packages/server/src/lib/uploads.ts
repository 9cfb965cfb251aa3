import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
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

export function checkImage(buffer: Buffer): CheckedImage {
  if (buffer.length === 0) throw badRequest(IMAGE_ERRORS.missing, AVATAR_FIELD);
  if (buffer.length > IMAGE_MAX_BYTES) throw new AppError(413, [{ message: IMAGE_ERRORS.size, field: AVATAR_FIELD }]);
  const kind = sniffImage(buffer);
  if (!kind) throw badRequest(IMAGE_ERRORS.type, AVATAR_FIELD);
  return { buffer, ...kind };
}

/**
 * Reads the one image file of a multipart request (field `avatar`, or any single file field) into memory.
 * Over 10 MB the multipart plugin throws FST_REQ_FILE_TOO_LARGE, which the app answers 413.
 */
export async function readImageUpload(req: FastifyRequest): Promise<CheckedImage> {
  if (!req.isMultipart()) throw badRequest(IMAGE_ERRORS.missing, AVATAR_FIELD);
  const part = await req.file();
  if (!part) throw badRequest(IMAGE_ERRORS.missing, AVATAR_FIELD);
  const buffer = await part.toBuffer();
  return checkImage(buffer);
}

/** Stores an image under uploadDir/<folder>/ with a generated name; answers the path relative to uploadDir. */
export async function storeImage(uploadDir: string, folder: string, image: CheckedImage): Promise<string> {
  const rel = path.posix.join(folder, `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${image.ext}`);
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

export async function removeUpload(uploadDir: string, rel: string | null | undefined): Promise<void> {
  if (!rel || rel.startsWith('http') || rel.startsWith('/')) return;
  try {
    await fs.promises.unlink(resolveUpload(uploadDir, rel));
  } catch {
    // Already gone or never stored here: nothing to clean.
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
): Promise<{ stream: fs.ReadStream; mime: ImageMimeType } | null> {
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
