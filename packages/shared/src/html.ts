/** HTML escaping for the documents the app renders itself (PDFs, printouts, the API page): one function for all. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML; an empty value (null, undefined) prints as `empty` ('-' unless told). */
export function escapeHtml(value: string | number | null | undefined, empty = '-'): string {
  return String(value ?? empty).replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}
