import { IMAGE_ERRORS, IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@klinik/shared';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** First bytes of the accepted formats: a renamed text file is refused even with a .png name. */
function sniff(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/gif' | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38)
    return 'image/gif';
  return null;
}

/**
 * Checks a chosen file before the cropper loads it (spec 5: PNG, JPG, JPEG, GIF up to 10MB).
 * Answers the Indonesian message to show, or null when the file is fine. The server checks the bytes again.
 */
export async function validateImageFile(file: File): Promise<string | null> {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return IMAGE_ERRORS.type;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_ERRORS.size;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (!sniff(head)) return IMAGE_ERRORS.type;
  return null;
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(IMAGE_ERRORS.type));
    img.src = src;
  });
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Bounding box of a rectangle rotated by `rotation` degrees. */
export function rotatedSize(width: number, height: number, rotation: number): { width: number; height: number } {
  const r = rad(rotation);
  return {
    width: Math.abs(Math.cos(r) * width) + Math.abs(Math.sin(r) * height),
    height: Math.abs(Math.sin(r) * width) + Math.abs(Math.cos(r) * height),
  };
}

/** Output never needs more than this many pixels on its longer side (avatars, logos, photos). */
export const MAX_OUTPUT_SIDE = 1600;

/**
 * Draws the rotated image, cuts out `area` (pixels of the rotated image, as react-easy-crop reports them) and
 * encodes it. `quality` is 1..100 (percent); PNG ignores it.
 */
export async function cropToBlob(
  src: string,
  area: PixelArea,
  rotation: number,
  quality: number,
  type: 'image/jpeg' | 'image/png' = 'image/jpeg',
): Promise<Blob> {
  const image = await loadImage(src);
  const box = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  const full = document.createElement('canvas');
  full.width = Math.round(box.width);
  full.height = Math.round(box.height);
  const fctx = full.getContext('2d');
  if (!fctx) throw new Error('Canvas tidak tersedia');
  fctx.translate(full.width / 2, full.height / 2);
  fctx.rotate(rad(rotation));
  fctx.translate(-image.naturalWidth / 2, -image.naturalHeight / 2);
  fctx.drawImage(image, 0, 0);

  const scale = Math.min(1, MAX_OUTPUT_SIDE / Math.max(area.width, area.height));
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(area.width * scale));
  out.height = Math.max(1, Math.round(area.height * scale));
  const octx = out.getContext('2d');
  if (!octx) throw new Error('Canvas tidak tersedia');
  if (type === 'image/jpeg') {
    // JPEG has no transparency: a white background instead of black for transparent PNG/GIF input.
    octx.fillStyle = '#ffffff';
    octx.fillRect(0, 0, out.width, out.height);
  }
  octx.drawImage(full, area.x, area.y, area.width, area.height, 0, 0, out.width, out.height);
  return new Promise<Blob>((resolve, reject) => {
    out.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('Gagal memproses gambar'))),
      type,
      // eslint-disable-next-line no-restricted-syntax -- the quality setting in percent (1 to 100) to the canvas's 0 to 1: not money
      Math.min(100, Math.max(1, quality)) / 100,
    );
  });
}
