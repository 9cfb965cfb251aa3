import { readUpload } from './uploads.js';

/** The branch a printed document (the nota, the instalment agreement) is headed with. */
export interface Letterhead {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  /** The logo as a data: URL (logoDataUrl), or null. */
  logoDataUrl: string | null;
}

/** The branch logo (a file the logo upload stored for this branch) as a data: URL, or null when absent or unreadable. */
export async function logoDataUrl(uploadDir: string, logo: string | null, branchId: number): Promise<string | null> {
  const file = await readUpload(uploadDir, logo, { kind: 'profile', id: branchId });
  return file ? `data:${file.mime};base64,${file.buffer.toString('base64')}` : null;
}
