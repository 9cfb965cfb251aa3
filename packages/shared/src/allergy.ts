/**
 * Allergy check of a drug (issue 26 item 2; docs/decisions.md "Allergies stop a wrong prescription"). One rule for
 * the server, which refuses, and the web app, which warns before sending: a recorded allergy matches an item when,
 * at word level after folding case, accents and punctuation,
 * - the allergy's words appear in a row in the item's name ('Amoxicillin' ~ 'Amoxicillin 500 mg'), or
 * - they appear in a row in one of its active ingredients (`generic_name`, several separated by , ; + / or &:
 *   'Amoxicillin' ~ item 'Amoxsan' with ingredient 'Amoxicillin trihydrate'), or
 * - an active ingredient's words appear in a row in the allergy ('Alergi amoxicillin (ruam)' ~ 'Amoxicillin').
 * Class allergies (penisilin vs amoxicillin) are not inferred: record the ingredient itself.
 */

/** The words of a text: lower case, accents removed, split on anything that is not a letter or a digit. */
export function allergyWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function containsRun(hay: string[], needle: string[]): boolean {
  if (!needle.length || needle.length > hay.length) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

export interface AllergyCheckedItem {
  name: string;
  /** Active ingredient(s), the item master's 'Zat Aktif'. */
  generic_name?: string | null;
}

/** Whether one recorded allergy matches the item (the rule above). */
export function allergyMatches(allergen: string, item: AllergyCheckedItem): boolean {
  const a = allergyWords(allergen);
  if (!a.length) return false;
  if (containsRun(allergyWords(item.name), a)) return true;
  for (const ingredient of (item.generic_name ?? '').split(/[,;+/&]/)) {
    const g = allergyWords(ingredient);
    if (g.length && (containsRun(g, a) || containsRun(a, g))) return true;
  }
  return false;
}

/** The patient's allergies that match the item, as recorded (each once). */
export function matchingAllergies(allergies: readonly string[], item: AllergyCheckedItem): string[] {
  return [...new Set(allergies.filter((a) => allergyMatches(a, item)))];
}

/** The message for a drug refused because of an allergy (server field `allergy_override`; the web's dialog). */
export function allergyRefusal(itemName: string, allergies: readonly string[]): string {
  return `Pasien alergi ${allergies.join(', ')}: ${itemName.replace(/\s+/g, ' ').trim()} cocok. Isi alasan untuk tetap memberikan obat ini.`;
}
