import { allergyRefusal, matchingAllergies, type AllergyCheckedItem } from '@klinik/shared';
import type { Ctx } from '../../http/context.js';
import { badRequestMany } from '../../http/errors.js';
import * as q from './queries.js';

/**
 * The allergy check of prescribing, substituting and dispensing (issue 26 item 2; docs/decisions.md "Allergies stop
 * a wrong prescription"): a drug matching an allergy the patient has on record (any branch) is refused with a 400
 * on `allergy_override` (one message per drug) unless the request gives a reason there. The reason is kept on each
 * matching line (who and when: the version's or the dispensing's), null on the others.
 */
export async function patientAllergens(ctx: Ctx, customerId: number): Promise<string[]> {
  return q.allergenNames(ctx.db, customerId);
}

export async function allergyOverrides(
  ctx: Ctx,
  customerId: number,
  items: AllergyCheckedItem[],
  override: string | null | undefined,
): Promise<(string | null)[]> {
  const allergens = await patientAllergens(ctx, customerId);
  const reason = override?.trim() || null;
  const matches = items.map((it) => matchingAllergies(allergens, it));
  if (!reason) {
    const issues = items
      .map((it, i) =>
        matches[i].length ? { field: 'allergy_override', message: allergyRefusal(it.name, matches[i]) } : null,
      )
      .filter((x) => x !== null);
    if (issues.length) throw badRequestMany(issues);
  }
  return matches.map((m) => (m.length ? reason : null));
}
