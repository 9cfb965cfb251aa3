/** Indonesian phone numbers: a leading 0 becomes the country code 62 (spec 7). */
export function normalizePhone(phone: string | null | undefined): string {
  if (!phone) return '';
  let digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (digits.startsWith('0')) digits = '62' + digits.slice(1);
  return digits;
}

/** WhatsApp chat link, or null when there is no usable number. */
export function waLink(phone: string | null | undefined): string | null {
  const n = normalizePhone(phone);
  return n.length >= 8 ? `https://wa.me/${n}` : null;
}

/** Indonesian mobile and landline numbers as people type them: 08..., 62..., +62..., 021... */
export const PHONE_PATTERN = /^(\+?62|0)\d{7,13}$/;
